import { Badge } from '@mantine/core';
import classes from './records.module.css';

/**
 * Keywords as chips in a list, so screen readers announce how many there are. The default
 * variant keeps the text in the page's text colour (coloured chips fail contrast).
 */
export function KeywordList({ keywords }: { keywords: { key: string; label: string }[] }) {
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
          {keyword.label}
        </Badge>
      ))}
    </ul>
  );
}
