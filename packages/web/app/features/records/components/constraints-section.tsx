import type { Metadata } from '@geoportal/contract/object';
import { Anchor, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useLocalized } from '../hooks/use-localized';
import type { RecordLabels } from '../model/record-labels';
import { FactList } from './fact-list';
import { RecordSection } from './record-section';
import classes from './records.module.css';

/** The licence's label, linked to its text when the classification knows where that is. */
function Licence({ code, labels }: { code: string; labels: RecordLabels }) {
  const label = labels.label('license', code);
  const url = labels.node('license', code)?.url;
  if (!url) return label;
  return (
    <Anchor href={url} rel="license noopener noreferrer">
      {label}
    </Anchor>
  );
}

/**
 * Licence, use and access constraints. Left out when the record has none; the free texts
 * keep their line breaks and say when they are in the other language.
 */
export function ConstraintsSection({
  metadata,
  labels,
}: {
  metadata: Metadata;
  labels: RecordLabels;
}) {
  const pick = useLocalized();
  const use = pick(metadata.useConstraints);
  const access = pick(metadata.accessConstraints);
  if (!metadata.licence && !use && !access) return null;
  return (
    <RecordSection title={<FormattedMessage id="record.section.constraints" />}>
      <FactList
        facts={[
          {
            key: 'licence',
            label: <FormattedMessage id="record.licence" />,
            value: metadata.licence && <Licence code={metadata.licence} labels={labels} />,
          },
          {
            key: 'use',
            label: <FormattedMessage id="record.useConstraints" />,
            value: use && <Text className={classes.lines}>{use.text}</Text>,
            lang: use?.lang,
          },
          {
            key: 'access',
            label: <FormattedMessage id="record.accessConstraints" />,
            value: access && <Text className={classes.lines}>{access.text}</Text>,
            lang: access?.lang,
          },
        ]}
      />
    </RecordSection>
  );
}
