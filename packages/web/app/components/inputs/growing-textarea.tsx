import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

export interface GrowingTextareaProps
  extends Omit<TextareaProps, 'autosize' | 'classNames' | 'styles' | 'rows'> {
  minRows: number;
  /** No limit when not given. */
  maxRows?: number;
}

/**
 * Whether the browser sizes a text field to its content by itself (CSS `field-sizing`,
 * Chromium 123 and Safari 26). Read once: the fields using it are rendered in the browser
 * only (behind a sign-in or in a dialog), so server and browser never disagree.
 */
const sizesToContent =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content');

/**
 * A multi-line field that grows with its text from `minRows` to `maxRows` lines. Mantine's
 * `autosize` measures every field in a layout effect after each render: it reads the
 * computed style and the scroll height of a hidden copy, and sets the height, so a form
 * with a dozen such fields lays out the page a dozen times in a row (about 90 ms on the
 * editor's first render here, four times that on a slow phone). Where the browser can size
 * the field to its content, CSS does it without a script; elsewhere Mantine's autosize
 * stays.
 */
export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps) {
  if (!sizesToContent) {
    return <Textarea {...props} autosize minRows={minRows} maxRows={maxRows} />;
  }
  // Without a maximum the variable stays unset, which leaves `max-height` at `none`.
  const rows = {
    '--growing-rows-min': minRows,
    ...(maxRows === undefined ? {} : { '--growing-rows-max': maxRows }),
  } as CSSProperties;
  return (
    <Textarea
      {...props}
      rows={minRows}
      classNames={{ input: classes.input }}
      styles={{ input: rows }}
    />
  );
}
