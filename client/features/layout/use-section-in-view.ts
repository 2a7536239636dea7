// Which of the home page's sections is in view while the visitor scrolls, so the navigation can
// underline it. A section counts as current when it crosses a thin band across the middle of the
// viewport; above the first section (the hero) none is current and the Home link is.
import { useEffect, useState } from 'react';

/** The band: from 45% below the top of the viewport to 50% above its bottom. */
export const SECTION_BAND_MARGIN = '-45% 0px -50% 0px';

export function useSectionInView(ids: readonly string[], enabled: boolean): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(' ');

  useEffect(() => {
    if (!enabled || typeof window.IntersectionObserver !== 'function') return;
    const wanted = key.split(' ');
    const inBand = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inBand.add(entry.target.id);
          else inBand.delete(entry.target.id);
        }
        // Sections do not overlap; should two touch the band at once, the later one has just entered.
        const inView = wanted.filter((id) => inBand.has(id));
        setCurrent(inView.at(-1) ?? null);
      },
      { rootMargin: SECTION_BAND_MARGIN },
    );
    for (const id of wanted) {
      const element = document.getElementById(id);
      if (element !== null) observer.observe(element);
    }
    return () => {
      observer.disconnect();
      setCurrent(null);
    };
  }, [key, enabled]);

  return enabled ? current : null;
}
