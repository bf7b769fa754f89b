import type { SearchHit } from '@geoportal/contract/search';
import type { SearchClassifications } from '../model/facet-labels';
import { ResultCard } from './result-card';
import classes from './search.module.css';

export interface ResultListProps {
  hits: SearchHit[];
  classifications: SearchClassifications;
  hoveredId: string | null;
  onHover: (id: string | null) => void;
  /** Accessible name of the list, e.g. "Results 11–20". */
  label: string;
}

/** The hits of the current page in order. */
export function ResultList({ hits, classifications, hoveredId, onHover, label }: ResultListProps) {
  return (
    <ol className={classes.list} aria-label={label}>
      {hits.map((hit) => (
        <li key={hit.id}>
          <ResultCard
            hit={hit}
            classifications={classifications}
            hovered={hoveredId === hit.id}
            onHover={onHover}
          />
        </li>
      ))}
    </ol>
  );
}
