import { Text } from '@mantine/core';
import { Fragment } from 'react';

/**
 * The paragraphs of a plain text: blank lines separate paragraphs, single line breaks stay
 * inside one. Empty paragraphs are dropped.
 */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trimEnd()))
    .map((lines) => lines.filter((line, index) => index > 0 || line.trim() !== ''))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/**
 * A record's abstract as paragraphs and line breaks. The abstract is Markdown (issue
 * "Objects"), but for now only its paragraphs are shown: every character is text, escaped by
 * React, and no markup is ever interpreted. Full, sanitised Markdown comes with the Records
 * work.
 */
export function AbstractText({ text, lang }: { text: string; lang?: string }) {
  return (
    <div lang={lang}>
      {paragraphsOf(text).map((lines, index) => (
        // Paragraphs have no identity beyond their position in this fixed text.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Text component="p" key={index} mb="sm">
          {lines.map((line, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
            <Fragment key={row}>
              {row > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      ))}
    </div>
  );
}
