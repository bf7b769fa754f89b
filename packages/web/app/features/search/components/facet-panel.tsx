import type { FacetField, SearchResponse } from '@geoportal/contract/search';
import { Button, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { facetValueLabel, type SearchClassifications } from '../model/facet-labels';
import type { SearchState } from '../model/search-state';
import { FacetGroup } from './facet-group';
import classes from './search.module.css';

/**
 * Each facet's place on the page: what kind, then subject, then who, then when. A `Record`
 * over the contract's `FacetField`, so a facet added to the contract fails `tsc` here until
 * it has a place (and would otherwise never show).
 */
const facetPlaces = {
  type: 1,
  inspireTheme: 2,
  topicCategory: 3,
  keyword: 4,
  organisation: 5,
  licence: 6,
  format: 7,
  year: 8,
} satisfies Record<FacetField, number>;

/** The facets in the order of the page. */
export const facetOrder: FacetField[] = (Object.keys(facetPlaces) as FacetField[]).sort(
  (a, b) => facetPlaces[a] - facetPlaces[b],
);

export interface FacetPanelProps {
  facets: SearchResponse['facets'] | undefined;
  state: SearchState;
  classifications: SearchClassifications;
  onToggle: (field: FacetField, value: string) => void;
  /** The counts are estimates from a sample of the hits (`SearchResponse.approximate`). */
  approximate?: boolean;
}

/**
 * The facets of the answer: every facet with values (or a selection) as a group of checkboxes
 * with counts. Phones fold the panel away behind a button that says how many filters are on.
 */
export function FacetPanel({
  facets,
  state,
  classifications,
  onToggle,
  approximate = false,
}: FacetPanelProps) {
  const intl = useIntl();
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const selectedCount = Object.values(state.facets).reduce(
    (sum, values) => sum + (values?.length ?? 0),
    0,
  );
  const groups = facetOrder.filter(
    (field) => (facets?.[field]?.length ?? 0) > 0 || (state.facets[field]?.length ?? 0) > 0,
  );

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        <FormattedMessage id="search.facets.title" />
      </Title>
      <Button
        className={classes.phoneOnly}
        variant="default"
        size="compact-md"
        mb="sm"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        {intl.formatMessage(
          { id: open ? 'search.facets.hide' : 'search.facets.show' },
          { count: selectedCount },
        )}
      </Button>
      <div id={bodyId} className={open ? undefined : classes.folded}>
        {approximate && groups.length > 0 && (
          <Text size="xs" c="dimmed" mb="xs" data-testid="facets-approximate">
            <FormattedMessage id="search.facets.approximate" />
          </Text>
        )}
        {groups.length === 0 ? (
          <p>
            <FormattedMessage id="search.facets.none" />
          </p>
        ) : (
          groups.map((field) => (
            <FacetGroup
              key={field}
              field={field}
              values={facets?.[field] ?? []}
              selected={state.facets[field] ?? []}
              labelOf={(value) => facetValueLabel(field, value, classifications, intl.locale)}
              onToggle={(value) => onToggle(field, value)}
              approximate={approximate}
            />
          ))
        )}
      </div>
    </section>
  );
}
