import type { HarvestOrigin } from '@geoportal/contract/harvester';
import { Anchor, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { hasAnyRole } from '../../../lib/auth/role-check';
import { useAuth } from '../../../lib/auth/use-auth';
import { pathTo } from '../../../route-paths';
import { DateTime } from './date-time';
import { FactList } from './fact-list';
import { RecordSection } from './record-section';

/**
 * Where a harvested record comes from (issue 25): the remote catalogue, the record's id
 * there and when it was last harvested, and that it is changed at its source, not here.
 * Administrators reach the harvester's page from its name.
 */
export function HarvestOriginSection({ origin }: { origin: HarvestOrigin }) {
  const { principal } = useAuth();
  const admin = principal !== null && hasAnyRole(principal, ['administrator']);
  const name = origin.harvesterName ?? origin.harvester;
  return (
    <RecordSection title={<FormattedMessage id="record.harvest.title" />}>
      <Text size="sm" mb="xs">
        <FormattedMessage id="record.harvest.text" />
      </Text>
      <FactList
        facts={[
          {
            key: 'source',
            label: <FormattedMessage id="record.harvest.source" />,
            value: (
              <Anchor
                href={origin.url}
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {origin.url}
              </Anchor>
            ),
          },
          {
            key: 'harvester',
            label: <FormattedMessage id="record.harvest.harvester" />,
            value: admin ? (
              <Anchor
                component={Link}
                to={pathTo('management.harvesters.detail', { id: origin.harvester })}
              >
                {name}
              </Anchor>
            ) : (
              name
            ),
          },
          {
            key: 'remoteId',
            label: <FormattedMessage id="record.harvest.remoteId" />,
            value: <span style={{ overflowWrap: 'anywhere' }}>{origin.remoteId}</span>,
          },
          {
            key: 'datestamp',
            label: <FormattedMessage id="record.harvest.datestamp" />,
            value: origin.datestamp && <DateTime value={origin.datestamp} />,
          },
          {
            key: 'lastHarvest',
            label: <FormattedMessage id="record.harvest.lastHarvest" />,
            value: <DateTime value={origin.lastHarvest} />,
          },
        ]}
      />
    </RecordSection>
  );
}
