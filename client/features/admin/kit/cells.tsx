// What goes in a table cell: a long value cut to one line with an ellipsis (the whole value is its
// title, so it shows on hover and is read out), and the one marker of an empty value.
import { Text, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './list-table.module.css';

/** The text shown for a value that is not there, in every table but the two the specification words itself. */
export const EMPTY_MARK = '–';

/** One line of text at most `maxWidth` px wide on a wide screen (the card's width on a phone), never broken inside a word. */
export function CellText({
  text,
  title = text,
  maxWidth,
  size = 'sm',
  fw,
  c,
}: {
  text: string;
  /** The whole value, when `text` is a shortened form of it. */
  title?: string;
  maxWidth?: number;
  size?: 'xs' | 'sm';
  fw?: number;
  c?: string;
}) {
  const style = maxWidth === undefined ? undefined : ({ '--cell-max-width': `${maxWidth}px` } as CSSProperties);
  return (
    <Text component="span" size={size} fw={fw} c={c} className={classes.truncate} style={style} title={title}>
      {text}
    </Text>
  );
}

/** An empty value: a dimmed en dash that screen readers read as `label` ('None' unless said otherwise). */
export function EmptyValue({ label = 'None' }: { label?: string }) {
  return (
    <>
      <Text component="span" size="sm" c="dimmed" aria-hidden="true">
        {EMPTY_MARK}
      </Text>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
