import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import classes from './records.module.css';

/** A keyword chip: its label and, when given, the search for it the chip links to. */
export interface KeywordChip {
  key: string;
  label: string;
  href?: string;
}

/**
 * Keywords as chips in a list, so screen readers announce how many there are; a chip with
 * an `href` links to the search for its keyword. The default variant keeps the text in the
 * page's text colour (coloured chips fail contrast); links are underlined instead.
 */
export function KeywordList({ keywords }: { keywords: KeywordChip[] }) {
  return (
    <ul className={classes.chips}>
      {keywords.map((keyword) => (
        <Badge
          key={keyword.key}
          component="li"
          variant="default"
          size="lg"
          tt="none"
          fw={500}
          className={classes.chip}
        >
          {keyword.href ? (
            <Link to={keyword.href} className={classes.chipLink}>
              {keyword.label}
            </Link>
          ) : (
            keyword.label
          )}
        </Badge>
      ))}
    </ul>
  );
}
