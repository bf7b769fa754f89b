import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../../route-paths';
import { useSuggestions } from '../hooks/use-suggestions';
import { emptySearchState, hasFilters, type SearchState, searchHref } from '../model/search-state';

export interface EmptyResultProps {
  state: SearchState;
  /** The active filters as removable chips, to loosen the search right here. */
  chips: ReactNode;
}

/**
 * Nothing matched: what to try (remove a filter, check the spelling, fewer or shorter words)
 * and, for a query, records and keywords with a similar spelling (the typo-tolerant
 * suggestions).
 */
export function EmptyResult({ state, chips }: EmptyResultProps) {
  const suggestions = useSuggestions(state.q);
  const filtered = hasFilters(state);
  return (
    <Stack gap="sm" data-testid="search-empty">
      <Title order={2} size="h4">
        <FormattedMessage id="search.empty.title" />
      </Title>
      <List size="sm" spacing={4}>
        {filtered && (
          <List.Item>
            <FormattedMessage id="search.empty.filters" />
          </List.Item>
        )}
        {state.q && (
          <List.Item>
            <FormattedMessage id="search.empty.spelling" />
          </List.Item>
        )}
        {state.q && (
          <List.Item>
            <FormattedMessage id="search.empty.fewerWords" />
          </List.Item>
        )}
        {!state.q && !filtered && (
          <List.Item>
            <FormattedMessage id="search.empty.nothing" />
          </List.Item>
        )}
      </List>
      {filtered && chips}
      {suggestions.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            <FormattedMessage id="search.empty.didYouMean" />
          </Text>
          <List size="sm" spacing={4}>
            {suggestions.map((suggestion) => (
              <List.Item key={`${suggestion.kind}:${suggestion.id ?? suggestion.text}`}>
                <Anchor
                  component={Link}
                  to={
                    suggestion.kind === 'title' && suggestion.id
                      ? pathTo('metadata.record', { id: suggestion.id })
                      : searchHref(pathTo('search'), {
                          ...emptySearchState,
                          facets: { keyword: [suggestion.text] },
                        })
                  }
                >
                  {suggestion.text}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  <FormattedMessage
                    id={
                      suggestion.kind === 'title'
                        ? 'search.suggest.record'
                        : 'search.suggest.keyword'
                    }
                  />
                </Text>
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
