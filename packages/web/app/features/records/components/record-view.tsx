import { Button, Group, Stack, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { StateBadge } from '../../../components/records/state-badge';
import { isDetailed, type RecordView as Record } from '../../../lib/api/get-record';
import { pathTo } from '../../../route-paths';
import { useLocalized } from '../hooks/use-localized';
import type { RecordClassifications } from '../model/record-classifications';
import { recordLabels } from '../model/record-labels';
import { AbstractText } from './abstract-text';
import { ConstraintsSection } from './constraints-section';
import { ContactsSection } from './contacts-section';
import { DistributionSection } from './distribution-section';
import { ExportLinks } from './export-links';
import { ExtentSection } from './extent-section';
import { HarvestOriginSection } from './harvest-origin-section';
import { IdentifierSection } from './identifier-section';
import { KeywordsSection } from './keywords-section';
import { LinkCheckFindings } from './link-check-findings';
import { QualitySection } from './quality-section';
import { RecordTypeBadge } from './record-type-badge';
import classes from './records.module.css';
import { RelatedSection } from './related-section';

export interface RecordViewProps {
  record: Record;
  /** The classifications of the record's codes; missing ones show codes. */
  classifications: RecordClassifications;
  /** Whether a visitor may read the record (plain export links). */
  visitorCanRead: boolean;
}

/**
 * The readable part of a record, the whole record in human form: the title as the page's
 * one h1 with state, type, an edit link for those who may write, and the abstract; then one
 * h2 part each for keywords, extent and time, contacts, constraints, distribution, quality,
 * related records and identifiers (parts the record has nothing for are left out), and the
 * exports. Codes show their labels in the page language; texts come in the page language,
 * else in the other product language, marked with `lang`.
 */
export function RecordView({ record, classifications, visitorCanRead }: RecordViewProps) {
  const { locale } = useIntl();
  const pick = useLocalized();
  const labels = recordLabels(classifications, locale);
  const { metadata } = record;
  const title = pick(metadata.title) ?? pick(record.title);
  const abstract = pick(metadata.abstract);
  const mayWrite = isDetailed(record) && record.permissions.write;
  // A harvested record changes at its source only (issue 25): no editor here.
  const canEdit = mayWrite && !record.harvest;
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={1} className={classes.wrap} lang={title?.lang}>
            {title?.text ?? record.id}
          </Title>
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <StateBadge state={record.state} />
              <RecordTypeBadge type={record.type} labels={labels} />
            </Group>
            {canEdit && (
              <Button component={Link} to={pathTo('metadata.edit', { id: record.id })}>
                <FormattedMessage id="record.edit" />
              </Button>
            )}
          </Group>
        </Stack>
        {abstract && <AbstractText text={abstract.text} lang={abstract.lang} />}
      </Stack>
      <KeywordsSection metadata={metadata} labels={labels} />
      <ExtentSection metadata={metadata} />
      <ContactsSection contacts={metadata.contacts} labels={labels} />
      <ConstraintsSection metadata={metadata} labels={labels} />
      <DistributionSection metadata={metadata} labels={labels} />
      {mayWrite && record.linkStatus && <LinkCheckFindings statuses={record.linkStatus} />}
      <QualitySection lineage={metadata.lineage} />
      <RelatedSection related={metadata.related} />
      {record.harvest && <HarvestOriginSection origin={record.harvest} />}
      <IdentifierSection record={record} />
      <ExportLinks id={record.id} visitorCanRead={visitorCanRead} />
    </Stack>
  );
}
