import type { FacetField, FacetValue } from '@geoportal/contract/search';
import { Button, Checkbox, Stack } from '@mantine/core';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import classes from './search.module.css';

/** Values a facet shows before "show more". */
export const FACET_VALUES_SHOWN = 6;

export interface FacetGroupProps {
  field: FacetField;
  /** The facet's values with their counts, most frequent first. */
  values: FacetValue[];
  /** The selected values; they always show, also when the answer no longer counts them. */
  selected: string[];
  /** The label of a value in the page language. */
  labelOf: (value: string) => string;
  onToggle: (value: string) => void;
  /** The counts are estimates (more hits than counted one by one). */
  approximate?: boolean;
}

/**
 * One facet: a group of checkboxes, each value with its count; several may be checked (they
 * combine with OR). The first values show, the rest behind "show more".
 */
export function FacetGroup({
  field,
  values,
  selected,
  labelOf,
  onToggle,
  approximate = false,
}: FacetGroupProps) {
  const intl = useIntl();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const counted = new Set(values.map((value) => value.value));
  // Selected values the answer does not count any more (no hits left) stay checkable.
  const all: FacetValue[] = [
    ...values,
    ...selected.filter((value) => !counted.has(value)).map((value) => ({ value, count: 0 })),
  ];
  const shown = expanded
    ? all
    : all.filter((value, index) => index < FACET_VALUES_SHOWN || selected.includes(value.value));
  const hidden = all.length - shown.length;

  return (
    <fieldset className={classes.facetGroup}>
      <legend className={classes.facetLegend}>
        <FormattedMessage id={`search.facet.${field}`} />
      </legend>
      <Stack gap={6} id={listId}>
        {shown.map(({ value, count }) => (
          <Checkbox
            key={value}
            size="sm"
            checked={selected.includes(value)}
            onChange={() => onToggle(value)}
            label={
              <>
                {labelOf(value)}{' '}
                <span className={classes.facetCount}>
                  <FormattedMessage
                    id={approximate ? 'search.facet.countApprox' : 'search.facet.count'}
                    values={{ count }}
                  />
                </span>
              </>
            }
          />
        ))}
      </Stack>
      {(hidden > 0 || expanded) && all.length > FACET_VALUES_SHOWN && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={6}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded
            ? intl.formatMessage({ id: 'search.facet.less' })
            : intl.formatMessage({ id: 'search.facet.more' }, { count: hidden })}
        </Button>
      )}
    </fieldset>
  );
}
