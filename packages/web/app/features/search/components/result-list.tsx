import type { SearchHit } from '@geoportal/contract/search';
import { hasAnyRole } from '../../../lib/auth/role-check';
import { useAuth } from '../../../lib/auth/use-auth';
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

/** Who may see records that are not published, and so gets each hit's state (issue 18.7). */
const publishers = ['administrator', 'editor', 'submitter'];

/**
 * The hits of the current page in order. Signed-in publishers see each hit's workflow state,
 * since their hits may include drafts and submissions; visitors see published records only,
 * where a state would say nothing.
 */
export function ResultList({ hits, classifications, hoveredId, onHover, label }: ResultListProps) {
  const { principal } = useAuth();
  const showState = hasAnyRole(principal, publishers);
  return (
    <ol className={classes.list} aria-label={label}>
      {hits.map((hit) => (
        <li key={hit.id}>
          <ResultCard
            hit={hit}
            classifications={classifications}
            hovered={hoveredId === hit.id}
            onHover={onHover}
            showState={showState}
          />
        </li>
      ))}
    </ol>
  );
}
