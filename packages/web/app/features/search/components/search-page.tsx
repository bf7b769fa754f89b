import type { FacetField } from '@geoportal/contract/search';
import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useRevalidator } from 'react-router';
import { pathTo } from '../../../route-paths';
import { useGoToSearch, useSearchPending, useSearchState } from '../hooks/use-search-state';
import type { SearchPageData } from '../loaders/search-page-data';
import { pickText } from '../model/localized';
import {
  searchParamsOf,
  toggleFacetValue,
  withBbox,
  withoutFilters,
  withoutOtherFilter,
} from '../model/search-state';
import { EmptyResult } from './empty-result';
import { FacetPanel } from './facet-panel';
import { FilterChips } from './filter-chips';
import { ResultList } from './result-list';
import classes from './search.module.css';
import { SearchBox } from './search-box';
import { SearchFailureNotice, useQueryErrorText } from './search-failure';
import { SearchMapPanel } from './search-map-panel';
import { SearchPagination } from './search-pagination';
import { SortSelect } from './sort-select';

/** The sentence of the result count: none, a page of hits, or a page past the end. */
function countKey(numFound: number, shown: number, approximate: boolean): string {
  if (numFound === 0) return 'search.results.none';
  const key = shown > 0 ? 'search.results.count' : 'search.results.total';
  return approximate ? `${key}Approx` : key;
}

/**
 * The catalogue search (`search`): query box with suggestions, active filters as chips, facets,
 * the hits of one page with a map of their footprints, sort and pages. Everything lives in the
 * address; every change is a navigation whose loader fetches the new answer while the old one
 * stays on screen, dimmed.
 */
export function SearchPage({ data }: { data: SearchPageData }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const state = useSearchState();
  const go = useGoToSearch();
  const pending = useSearchPending() || revalidator.state === 'loading';
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const { result, failure, classifications } = data;
  const queryError = useQueryErrorText(failure);

  // After another page of hits the focus moves to the results' heading, at the top of the new
  // list, rather than staying on the page buttons below it.
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusResults = useRef(false);
  useEffect(() => {
    if (!focusResults.current || !result) return;
    focusResults.current = false;
    resultsHeading.current?.focus();
  }, [result]);

  const footprints = useMemo(
    () =>
      (result?.docs ?? []).flatMap((hit) =>
        hit.extent
          ? [
              {
                id: hit.id,
                title: pickText(hit.title, intl.locale)?.value ?? hit.id,
                extent: hit.extent,
              },
            ]
          : [],
      ),
    [result, intl.locale],
  );

  const stay = { keepScroll: true };
  const chips = (
    <FilterChips
      state={state}
      classifications={classifications}
      onRemoveFacet={(field, value) => go(toggleFacetValue(state, field, value), stay)}
      onRemoveBbox={() => go(withBbox(state, undefined), stay)}
      onRemoveOther={(filter) => go(withoutOtherFilter(state, filter), stay)}
      onClearAll={() => go(withoutFilters(state), stay)}
    />
  );

  const first = result ? result.start + 1 : 0;
  const last = result ? result.start + result.docs.length : 0;

  return (
    <Container size="xl" py="md" w="100%">
      <Title order={1} mb="md">
        <FormattedMessage id="route.search" />
      </Title>
      <Stack gap="sm" mb="lg">
        <SearchBox
          query={state.q}
          error={queryError}
          keep={[...searchParamsOf({ ...state, q: '', page: 1 }).entries()]}
          onSearch={(q) => go({ ...state, q, page: 1 })}
          onRecord={(id) => void navigate(pathTo('metadata.record', { id }))}
          onKeyword={(keyword) =>
            go(
              (state.facets.keyword ?? []).includes(keyword)
                ? state
                : toggleFacetValue(state, 'keyword', keyword),
            )
          }
        />
        {chips}
      </Stack>
      <div className={classes.layout}>
        <div className={classes.facets}>
          <FacetPanel
            facets={result?.facets}
            approximate={result?.approximate === true}
            state={state}
            classifications={classifications}
            onToggle={(field: FacetField, value: string) =>
              go(toggleFacetValue(state, field, value), stay)
            }
          />
        </div>
        <div className={classes.map}>
          <SearchMapPanel
            footprints={footprints}
            bbox={state.bbox}
            hoveredId={hoveredId}
            onHover={setHoveredId}
            onSelect={(id) => void navigate(pathTo('metadata.record', { id }))}
            onBbox={(box) => go(withBbox(state, box), stay)}
          />
        </div>
        <section
          className={classes.results}
          aria-labelledby="search-results-heading"
          aria-busy={pending}
          // The address the answer on screen belongs to (tests wait for it).
          data-search={data.search}
        >
          <Title
            order={2}
            size="h4"
            id="search-results-heading"
            mb="xs"
            ref={resultsHeading}
            tabIndex={-1}
          >
            <FormattedMessage id="search.results.title" />
          </Title>
          <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
            <Group gap="xs" className={classes.countLine} wrap="nowrap">
              <Text size="sm" role="status" data-testid="search-count">
                {result
                  ? intl.formatMessage(
                      {
                        id: countKey(
                          result.numFound,
                          result.docs.length,
                          result.approximate === true,
                        ),
                      },
                      { count: result.numFound, first, last },
                    )
                  : ''}
              </Text>
              {/* The section says it is busy (aria-busy); the spinner is for the eyes. */}
              {pending && <Loader size="xs" aria-hidden="true" />}
            </Group>
            <SortSelect
              value={state.sort}
              onChange={(sort) => go({ ...state, sort, page: 1 }, stay)}
            />
          </Group>
          <div className={pending ? classes.pending : undefined}>
            {failure && (
              <SearchFailureNotice
                failure={failure}
                onRetry={() => void revalidator.revalidate()}
              />
            )}
            {result && result.docs.length === 0 && result.numFound === 0 && (
              <EmptyResult state={state} chips={chips} />
            )}
            {result && result.docs.length === 0 && result.numFound > 0 && (
              // A page past the end (an old link after records went away).
              <Stack gap="xs" align="flex-start">
                <Text>
                  <FormattedMessage id="search.results.pastEnd" />
                </Text>
                <Button variant="light" onClick={() => go({ ...state, page: 1 })}>
                  <FormattedMessage id="search.results.firstPage" />
                </Button>
              </Stack>
            )}
            {result && result.docs.length > 0 && (
              <Stack gap="md">
                <ResultList
                  hits={result.docs}
                  classifications={classifications}
                  hoveredId={hoveredId}
                  onHover={setHoveredId}
                  label={intl.formatMessage({ id: 'search.results.list' }, { first, last })}
                />
                <SearchPagination
                  page={state.page}
                  numFound={result.numFound}
                  onChange={(page) => {
                    focusResults.current = true;
                    go({ ...state, page });
                  }}
                />
              </Stack>
            )}
          </div>
        </section>
      </div>
    </Container>
  );
}
