// The site's palette from its two brand colours (Settings, Site): the primary colour carries white
// text (header, footer, buttons) and is the colour of links and headings on white; the accent is the
// background of call-to-action buttons with primary-coloured labels, and the colour of headings and
// focus rings on primary surfaces. A pair under which such text would fail WCAG AA is refused with
// the ratio found and the one needed. Shared by the server (page heads, e-mails, the schema's check)
// and the client (the identity form's preview).
import type { KeyTaking } from '@server/shared/i18n/message';

export const DEFAULT_PRIMARY = '#0b3d5c';
export const DEFAULT_ACCENT = '#f2b544';

/**
 * WCAG AA: 4.5:1 for body text, 3:1 for large text and for controls (focus rings, borders). Every
 * pair the palette uses for text is held to 4.5:1, which covers the 3:1 uses of the same colours.
 */
export const BODY_TEXT_RATIO = 4.5;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The background of the public pages' light sections (client/features/home/shared.module.css, .sectionTinted), on which headings and eyebrows are primary-coloured. */
export const LIGHT_SECTION_BACKGROUND = '#f4f7fa';

type Rgb = [number, number, number];

function channels(hex: string): Rgb {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((value) => Math.max(0, Math.min(255, Math.round(value))).toString(16).padStart(2, '0')).join('')}`;
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const unit = value / 255;
    return unit <= 0.04045 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `share` (0 to 1) of `other` mixed into `hex`. */
export function mix(hex: string, other: string, share: number): string {
  const a = channels(hex);
  const b = channels(other);
  return hexOf(a.map((value, index) => value + ((b[index] ?? 0) - value) * share) as Rgb);
}

/** A ratio as people read it: rounded down to two decimals, so 4.499 never shows as 4.5. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** What a pair breaks, for the field it is shown under: the English message, and its catalog key and values. */
export interface BrandColourIssue {
  field: 'primaryColor' | 'accentColor';
  english: string;
  key: KeyTaking<'ratio' | 'needed'>;
  values: { ratio: string; needed: number };
}

/**
 * What the pair would break, one message per field: white text on the primary colour (body text on
 * the header, footer and buttons), primary-coloured labels on the accent colour (body text on the
 * call-to-action buttons). Large text and focus rings need 3:1 on the same pairs, so meeting 4.5:1
 * covers them.
 */
export function brandColourIssues(primary: string, accent: string): BrandColourIssue[] {
  const issues: BrandColourIssue[] = [];
  const onPrimary = contrastRatio('#ffffff', primary);
  const onLightSections = contrastRatio(primary, LIGHT_SECTION_BACKGROUND);
  if (onPrimary < BODY_TEXT_RATIO) {
    issues.push({
      field: 'primaryColor',
      english: `White text on the primary colour has a contrast of ${formatRatio(onPrimary)}; body text needs at least ${BODY_TEXT_RATIO}:1. Choose a darker primary colour.`,
      key: 'api.identity.whiteOnPrimary',
      values: { ratio: formatRatio(onPrimary), needed: BODY_TEXT_RATIO },
    });
  } else if (onLightSections < BODY_TEXT_RATIO) {
    // The light grey sections are a little darker than white: a primary just dark enough for white
    // text can be too light for text on them.
    issues.push({
      field: 'primaryColor',
      english: `Primary-coloured text on the light grey sections has a contrast of ${formatRatio(onLightSections)}; body text needs at least ${BODY_TEXT_RATIO}:1. Choose a darker primary colour.`,
      key: 'api.identity.primaryOnLight',
      values: { ratio: formatRatio(onLightSections), needed: BODY_TEXT_RATIO },
    });
  }
  const onAccent = contrastRatio(primary, accent);
  if (onAccent < BODY_TEXT_RATIO) {
    issues.push({
      field: 'accentColor',
      english: `Primary-coloured text on the accent colour has a contrast of ${formatRatio(onAccent)}; body text needs at least ${BODY_TEXT_RATIO}:1. Choose a lighter accent colour.`,
      key: 'api.identity.primaryOnAccent',
      values: { ratio: formatRatio(onAccent), needed: BODY_TEXT_RATIO },
    });
  }
  return issues;
}

/** Ten shades for Mantine, lightest first, with the colour itself at `at` (Mantine's primary shade is 8). */
export function shadesOf(hex: string, at = 8): string[] {
  const shades: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    if (index < at) shades.push(mix(hex, '#ffffff', ((at - index) / at) * 0.92));
    else if (index === at) shades.push(hex.toLowerCase());
    else shades.push(mix(hex, '#000000', 0.35 * (index - at)));
  }
  return shades;
}

/**
 * The custom properties the public pages' own styles and Mantine's theme read, for `primary` and
 * `accent`. `html:root` outranks the `:root` of the built style sheets and of Mantine's provider, so
 * the saved colours win whatever loads after them.
 */
export function brandCss(primary: string, accent: string): string {
  const primaryShades = shadesOf(primary);
  const accentShades = shadesOf(accent, 4);
  const declarations: [string, string][] = [
    ['--brand-primary', primary],
    ['--brand-primary-deep', mix(primary, '#000000', 0.45)],
    ['--brand-primary-soft', mix(primary, '#ffffff', 0.12)],
    ['--brand-primary-tint', mix(primary, '#ffffff', 0.92)],
    ['--brand-accent', accent],
    ['--brand-accent-light', mix(accent, '#ffffff', 0.2)],
    ['--brand-accent-tint', mix(accent, '#ffffff', 0.88)],
    ...primaryShades.map((shade, index): [string, string] => [`--mantine-color-navy-${index}`, shade]),
    ...accentShades.map((shade, index): [string, string] => [`--mantine-color-gold-${index}`, shade]),
  ];
  return `html:root{${declarations.map(([name, value]) => `${name}:${value}`).join(';')}}`;
}
