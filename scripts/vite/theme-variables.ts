// The CSS variables Mantine's provider writes for the site's theme (client/theme.ts), made at build
// time as a style sheet for the pages that run without the provider (the home and event pages:
// client/home.tsx, client/event.tsx import 'virtual:theme-variables.css'). Rendering the provider
// itself, on the server, gives exactly what it writes in the browser, so nothing is copied by hand.
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../../client/theme.ts';

export const THEME_VARIABLES_MODULE = 'virtual:theme-variables.css';
// Vite's CSS pipeline recognises the module by its ending; the leading \0 marks it as made here.
const RESOLVED_ID = `\0${THEME_VARIABLES_MODULE}`;

/** The `:root` declarations the provider writes for the theme, as CSS text. */
export function themeVariablesCss(): string {
  const markup = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }));
  const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(markup)?.[1];
  if (css === undefined || css.trim() === '') throw new Error("Mantine's provider wrote no CSS variables for the theme");
  return `/* Made by scripts/vite/theme-variables.ts from client/theme.ts. */\n${css}\n`;
}

export function themeVariables(): Plugin {
  return {
    name: 'theme-variables',
    resolveId: (source) => (source === THEME_VARIABLES_MODULE ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? themeVariablesCss() : undefined),
  };
}
