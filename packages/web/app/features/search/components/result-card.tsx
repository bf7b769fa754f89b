import { referenceDate } from '@geoportal/contract/record-rules';
import type { SearchHit } from '@geoportal/contract/search';
import { Anchor, Badge, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { StateBadge } from '../../../components/records/state-badge';
import { pathTo } from '../../../route-paths';
import { facetValueLabel, type SearchClassifications } from '../model/facet-labels';
import { pickSnippet, pickText } from '../model/localized';
import { HighlightedText } from './highlighted-text';
import { ResultThumbnail } from './result-thumbnail';
import classes from './search.module.css';

/** The record's date a hit shows: its reference date, else its last change. */
export function hitDate(hit: SearchHit): { value: string; kind: 'record' | 'modified' } {
  const date = referenceDate(hit.dates);
  return date ? { value: date, kind: 'record' } : { value: hit.modified, kind: 'modified' };
}

export interface ResultCardProps {
  hit: SearchHit;
  classifications: SearchClassifications;
  /** The pointer is on this hit's footprint (or on the card). */
  hovered: boolean;
  onHover: (id: string | null) => void;
  /** Show the workflow state: for signed-in publishers, whose hits may be unpublished. */
  showState?: boolean;
}

/**
 * One hit: thumbnail, title (the query's matches marked) linking to the record, a snippet of
 * the abstract, its workflow state for publishers, type, date, licence and organisations. Pointing at the card or focusing its
 * link highlights the footprint on the map.
 */
export function ResultCard({
  hit,
  classifications,
  hovered,
  onHover,
  showState = false,
}: ResultCardProps) {
  const intl = useIntl();
  const lang = intl.locale;
  const titleSnippet = pickSnippet(hit.highlights.title, lang);
  const title = pickText(hit.title, lang);
  const abstract = pickSnippet(hit.highlights.abstract, lang);
  const date = hitDate(hit);
  const label = (field: 'type' | 'licence', value: string) =>
    facetValueLabel(field, value, classifications, lang);
  const foreign = (value: string | undefined) => (value && value !== lang ? value : undefined);

  return (
    <article
      className={classes.card}
      data-hovered={hovered || undefined}
      data-testid="search-hit"
      onMouseEnter={() => onHover(hit.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(hit.id)}
      onBlur={() => onHover(null)}
    >
      <ResultThumbnail url={hit.thumbnail} published={hit.state === 'published'} />
      <Title order={3} size="h5" className={classes.title}>
        <Anchor
          component={Link}
          to={pathTo('metadata.record', { id: hit.id })}
          lang={foreign(titleSnippet?.lang ?? title?.lang)}
        >
          {titleSnippet ? (
            <HighlightedText parts={titleSnippet.value} />
          ) : (
            (title?.value ?? intl.formatMessage({ id: 'search.hit.untitled' }))
          )}
        </Anchor>
      </Title>
      <div className={classes.body}>
        {abstract && (
          <Text size="sm" className={classes.snippet} lang={foreign(abstract.lang)}>
            <HighlightedText parts={abstract.value} />
          </Text>
        )}
        <Group gap="xs" mt={6} wrap="wrap">
          {showState && <StateBadge state={hit.state} size="sm" />}
          <Badge variant="light" tt="none" fw={500}>
            <VisuallyHidden>
              <FormattedMessage id="search.hit.type" />{' '}
            </VisuallyHidden>
            {label('type', hit.type)}
          </Badge>
          <Text size="sm" c="dimmed" component="span">
            <FormattedMessage
              id={date.kind === 'record' ? 'search.hit.date' : 'search.hit.modified'}
              values={{
                date: (
                  <time dateTime={date.value}>
                    <FormattedDate value={date.value} dateStyle="medium" timeZone="UTC" />
                  </time>
                ),
              }}
            />
          </Text>
          {hit.licence && (
            <Text size="sm" c="dimmed" component="span">
              <FormattedMessage
                id="search.hit.licence"
                values={{ licence: label('licence', hit.licence) }}
              />
            </Text>
          )}
        </Group>
        {hit.organisations.length > 0 && (
          <Text size="sm" c="dimmed" mt={2} className={classes.snippet}>
            <FormattedMessage
              id="search.hit.organisations"
              values={{ organisations: hit.organisations.join(', ') }}
            />
          </Text>
        )}
      </div>
    </article>
  );
}
