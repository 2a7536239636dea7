import { createTheme, type CSSVariablesResolver, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

// Deep navy for trust, warm gold as the accent; shades chosen so text on them meets WCAG AA.
const navy: MantineColorsTuple = [
  '#e8f1f7', '#cfe0ec', '#9fc1d9', '#6ca0c5', '#4384b4', '#2a72a9', '#1a5f91', '#0f4d77', '#0b3d5c', '#062a41',
];
const gold: MantineColorsTuple = [
  '#fff8e6', '#fdeec9', '#fadc92', '#f7c957', '#f2b544', '#eea52a', '#d98f12', '#b3740c', '#8c5a08', '#654105',
];

export const theme = createTheme({
  // A visitor or admin whose system asks for less motion gets none: Mantine's transitions (modals,
  // menus, notifications, collapses) take no time for them (WCAG 2.3.3). Mantine's default ignores it.
  respectReducedMotion: true,
  primaryColor: 'navy',
  primaryShade: { light: 8, dark: 5 },
  colors: { navy, gold },
  // Inter, self-hosted (client/features/layout/fonts.css), for text and every product heading. The
  // marketing pages' display headings use the serif (--font-display) in their own styles.
  fontFamily: 'Inter Variable, "Inter Fallback", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  // One type scale for the back office and the booking pages, compact as product screens are
  // (Mantine's defaults are marketing-sized: a 34 px h1). A heading's level is its size: the page's
  // title (h1, 24 px), a section or card (h2, 18 px), a part of one (h3, 16 px), then 15, 14, 12;
  // semibold, tight line heights. Screens pass `order` only, never a size of their own.
  headings: {
    fontFamily: 'Inter Variable, "Inter Fallback", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.5rem', lineHeight: '1.25' },
      h2: { fontSize: '1.125rem', lineHeight: '1.35' },
      h3: { fontSize: '1rem', lineHeight: '1.4' },
      h4: { fontSize: '0.9375rem', lineHeight: '1.4' },
      h5: { fontSize: '0.875rem', lineHeight: '1.45' },
      h6: { fontSize: '0.75rem', lineHeight: '1.5' },
    },
  },
  defaultRadius: 'md',
  focusRing: 'auto',
  // Plain objects, not Modal.extend()/Badge.extend(): importing the components here would put the
  // modal's code (portal, focus trap, transitions) into the home page's first download.
  components: {
    // Mantine's close button is an icon alone: it needs a name for screen readers and voice control.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The back office's date pickers: the picked day stands out (client/features/admin/kit/
    // date-pickers.css says why it needs a class of its own), and the other months' days are not
    // shown: greyed, they are below the contrast text needs (the arrows reach those months).
    ...Object.fromEntries(
      ['DatePickerInput', 'DateTimePicker', 'DatePicker'].map((name) => [name, { classNames: { day: 'picked-day' }, defaultProps: { hideOutsideDates: true } }]),
    ),
    // A badge's label never ends in an ellipsis ('Pending confirmati…' on a phone): in a narrow
    // place it wraps onto a second line and the badge grows instead.
    Badge: {
      styles: {
        root: { maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
        label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal', textAlign: 'center' },
      },
    },
  },
});

/** WCAG AA asks 4.5:1 for text; a little margin absorbs rounding in the browsers' colour maths. */
const TEXT_CONTRAST = 4.6;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

function luminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((value) => {
    const unit = value / 255;
    return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` darkened in 5% steps until it reads at TEXT_CONTRAST on `background`. */
function readableOn(hex: string, background: string): string {
  const base = channels(hex);
  const behind = channels(background);
  for (let keep = 1; keep > 0; keep -= 0.05) {
    const rgb = base.map((value) => Math.round(value * keep)) as [number, number, number];
    if (contrast(rgb, behind) >= TEXT_CONTRAST) return `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  }
  return '#000000';
}

/**
 * Mantine's light variant (badges, alerts, light buttons) writes shade 9 on shade 1, and its filled
 * variant white on shade 8: for the bright hues (green, teal, yellow, orange, lime, gold...) that is
 * under 4.5:1. Each colour gets the nearest darker tone that reads; colours that already pass keep
 * their own shade.
 */
function readableColorVariables(): Record<string, string> {
  const variables: Record<string, string> = {};
  const colors = { ...DEFAULT_THEME.colors, navy, gold };
  for (const [name, shades] of Object.entries(colors)) {
    const lightColor = readableOn(shades[9], shades[1]);
    if (lightColor !== shades[9]) variables[`--mantine-color-${name}-light-color`] = lightColor;
    const filled = readableOn(shades[8], '#ffffff');
    if (filled !== shades[8]) {
      variables[`--mantine-color-${name}-filled`] = filled;
      variables[`--mantine-color-${name}-text`] = filled;
      variables[`--mantine-color-${name}-outline`] = filled;
    }
  }
  return variables;
}

/**
 * Mantine's default "dimmed" (gray 6, #868e96) and placeholder (gray 5) greys are 3.3:1 and 2:1 on
 * white, under WCAG AA's 4.5:1 for text. These are 5.9:1 and 4.8:1. Error texts use red 9 (red 6
 * is 3.3:1 on white), and every colour's light and filled variants read (see above).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c6570',
    '--mantine-color-placeholder': '#6b7280',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...readableColorVariables(),
  },
  dark: {},
});
