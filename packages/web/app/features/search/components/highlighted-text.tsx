import type { Snippet } from '@geoportal/contract/search';
import classes from './search.module.css';

/**
 * A text with the query's matches marked: React elements, never HTML, so whatever a record's
 * title or abstract contains shows as written.
 */
export function HighlightedText({ parts }: { parts: Snippet }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move; equal texts repeat.
          <mark key={index} className={classes.mark}>
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
