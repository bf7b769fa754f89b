import type { FacetField } from '@geoportal/contract/search';
import { Button, CloseButton } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { facetValueLabel, type SearchClassifications } from '../model/facet-labels';
import { formatBbox, hasFilters, type SearchState } from '../model/search-state';
import { facetOrder } from './facet-panel';
import classes from './search.module.css';

export interface FilterChipsProps {
  state: SearchState;
  classifications: SearchClassifications;
  onRemoveFacet: (field: FacetField, value: string) => void;
  onRemoveBbox: () => void;
  onRemoveOther: (filter: string) => void;
  onClearAll: () => void;
}

/** One active filter with its remove button ("Remove filter Type: Dataset"). */
function Chip({ text, onRemove }: { text: string; onRemove: () => void }) {
  const intl = useIntl();
  return (
    <li className={classes.chip}>
      <span className={classes.chipText}>{text}</span>
      <CloseButton
        size="sm"
        radius="xl"
        aria-label={intl.formatMessage({ id: 'search.chip.remove' }, { filter: text })}
        onClick={onRemove}
      />
    </li>
  );
}

/** The active filters as chips above the results, each removable, and "clear all". */
export function FilterChips({
  state,
  classifications,
  onRemoveFacet,
  onRemoveBbox,
  onRemoveOther,
  onClearAll,
}: FilterChipsProps) {
  const intl = useIntl();
  if (!hasFilters(state)) return null;
  const facetName = (field: FacetField) => intl.formatMessage({ id: `search.facet.${field}` });
  return (
    <ul className={classes.chips} aria-label={intl.formatMessage({ id: 'search.chips.label' })}>
      {facetOrder.flatMap((field) =>
        (state.facets[field] ?? []).map((value) => (
          <Chip
            key={`${field}:${value}`}
            text={`${facetName(field)}: ${facetValueLabel(field, value, classifications, intl.locale)}`}
            onRemove={() => onRemoveFacet(field, value)}
          />
        )),
      )}
      {state.bbox && (
        <Chip
          text={intl.formatMessage(
            { id: 'search.chip.bbox' },
            { box: formatBbox(state.bbox).replaceAll(',', ', ') },
          )}
          onRemove={onRemoveBbox}
        />
      )}
      {state.otherFilters.map((filter) => (
        <Chip key={filter} text={filter} onRemove={() => onRemoveOther(filter)} />
      ))}
      <li>
        <Button variant="subtle" size="compact-sm" onClick={onClearAll}>
          <FormattedMessage id="search.chips.clearAll" />
        </Button>
      </li>
    </ul>
  );
}
