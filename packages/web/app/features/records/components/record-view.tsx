import { Group, Stack, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RecordView as Record } from '../api/get-record';
import { localized } from '../model/localized-text';
import { AbstractText } from './abstract-text';
import { RecordFacts } from './record-facts';
import classes from './records.module.css';
import { StateBadge } from './state-badge';

/**
 * The readable part of a record: its title as the page's one h1, the state badge, the
 * abstract and the key facts. Texts come in the page language, else in the other product
 * language, marked with `lang` so screen readers pronounce them right.
 */
export function RecordView({ record }: { record: Record }) {
  const { locale } = useIntl();
  const title = localized(record.metadata.title, locale) ?? localized(record.title, locale);
  const abstract = localized(record.metadata.abstract, locale);
  const foreign = (lang: string | undefined) => (lang && lang !== locale ? lang : undefined);
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={1} className={classes.wrap} lang={foreign(title?.lang)}>
          {title?.text ?? record.id}
        </Title>
        <Group gap="xs">
          <StateBadge state={record.state} />
        </Group>
      </Stack>
      {abstract && <AbstractText text={abstract.text} lang={foreign(abstract.lang)} />}
      <section aria-labelledby="record-facts-heading">
        <Title order={2} size="h3" id="record-facts-heading" mb="xs">
          <FormattedMessage id="record.facts" />
        </Title>
        <RecordFacts record={record} />
      </section>
    </Stack>
  );
}
