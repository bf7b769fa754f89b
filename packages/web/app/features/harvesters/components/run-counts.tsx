import type { HarvestCounts } from '@geoportal/contract/harvester';
import { Group, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { countNames } from '../model/run-format';

/**
 * What a run did, as a short list of labelled numbers ("12 added, 3 updated …"); failures
 * and deletions stand out in bold when there are any.
 */
export function RunCounts({ counts }: { counts: HarvestCounts }) {
  const intl = useIntl();
  return (
    <Group
      component="ul"
      gap={6}
      wrap="wrap"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={intl.formatMessage({ id: 'harvesters.counts.label' })}
      data-testid="run-counts"
    >
      {countNames.map((name) => (
        <Text
          component="li"
          key={name}
          size="sm"
          data-count={name}
          fw={(name === 'failed' || name === 'deleted') && counts[name] > 0 ? 700 : undefined}
        >
          <FormattedMessage
            id={`harvesters.count.${name}`}
            values={{ count: counts[name], n: intl.formatNumber(counts[name]) }}
          />
        </Text>
      ))}
    </Group>
  );
}
