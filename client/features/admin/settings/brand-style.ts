// The brand colours of the page being looked at: the server writes them into every page's head
// (<style id="brand-colours">); after a save on Settings, Site, the open back office takes the new
// ones without a reload.
import { brandCss, DEFAULT_ACCENT, DEFAULT_PRIMARY } from '@server/shared/brand-colours';

const STYLE_ID = 'brand-colours';

export function showBrandColours(primary: string, accent: string): void {
  const existing = document.getElementById(STYLE_ID);
  if (primary === DEFAULT_PRIMARY && accent === DEFAULT_ACCENT) {
    existing?.remove();
    return;
  }
  const style = existing ?? document.head.appendChild(Object.assign(document.createElement('style'), { id: STYLE_ID }));
  style.textContent = brandCss(primary, accent);
}
