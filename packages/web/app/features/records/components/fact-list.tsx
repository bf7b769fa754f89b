import type { ReactNode } from 'react';
import classes from './records.module.css';

/** One term of a description list; a value of null, undefined, false or '' leaves it out. */
export interface Fact {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** The language of the value, when it is not the page language. */
  lang?: string | undefined;
}

/**
 * Facts as a description list (label above value on phones, side by side on wider screens).
 * Facts without a value are left out rather than shown empty; no list when none is left.
 */
export function FactList({ facts }: { facts: Fact[] }) {
  const shown = facts.filter(
    (fact) =>
      fact.value !== null && fact.value !== undefined && fact.value !== false && fact.value !== '',
  );
  if (shown.length === 0) return null;
  return (
    <dl className={classes.facts}>
      {shown.map((fact) => (
        <div key={fact.key}>
          <dt>{fact.label}</dt>
          <dd lang={fact.lang}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
