import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Deep navy for trust, warm gold as the accent; shades chosen so text on them meets WCAG AA.
const navy: MantineColorsTuple = [
  '#e8f1f7', '#cfe0ec', '#9fc1d9', '#6ca0c5', '#4384b4', '#2a72a9', '#1a5f91', '#0f4d77', '#0b3d5c', '#062a41',
];
const gold: MantineColorsTuple = [
  '#fff8e6', '#fdeec9', '#fadc92', '#f7c957', '#f2b544', '#eea52a', '#d98f12', '#b3740c', '#8c5a08', '#654105',
];

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 8, dark: 5 },
  colors: { navy, gold },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
});

/**
 * Mantine's default "dimmed" (gray 6, #868e96) and placeholder (gray 5) greys are 3.3:1 and 2:1 on
 * white, under WCAG AA's 4.5:1 for text. These are 5.9:1 and 4.8:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c6570', '--mantine-color-placeholder': '#6b7280' },
  dark: {},
});
