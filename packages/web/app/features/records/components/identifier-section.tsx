import { Anchor } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { RecordView } from '../../../lib/api/get-record';
import { hasAnyRole } from '../../../lib/auth/role-check';
import { useAuth } from '../../../lib/auth/use-auth';
import { searchLink } from '../../../lib/search/search-link';
import { responsibleOrganisation } from '../model/responsible-party';
import { DateTime } from './date-time';
import { FactList } from './fact-list';
import { RecordSection } from './record-section';

const isWebAddress = (value: string) => /^https?:\/\//i.test(value);

/** Roles that manage every record (DESIGN §5), besides its owner. */
const managerRoles = ['administrator', 'editor'] as const;

/**
 * How the data and the record are named and kept: the resource identifier (a link when it
 * is a web address), the record's own id, its last change and the organisation responsible
 * for it (linking to the search for its records). The owner's user name is internal: only
 * those who manage the record see it (the owner, editors and administrators).
 */
export function IdentifierSection({ record }: { record: RecordView }) {
  const { identifier } = record.metadata;
  const { principal } = useAuth();
  const manages =
    principal !== null && (principal.name === record.owner || hasAnyRole(principal, managerRoles));
  const organisation = responsibleOrganisation(record.metadata.contacts);
  return (
    <RecordSection title={<FormattedMessage id="record.section.identifier" />}>
      <FactList
        facts={[
          {
            key: 'identifier',
            label: <FormattedMessage id="record.identifier" />,
            value:
              identifier &&
              (isWebAddress(identifier) ? (
                <Anchor href={identifier} rel="noopener noreferrer">
                  {identifier}
                </Anchor>
              ) : (
                identifier
              )),
          },
          {
            key: 'id',
            label: <FormattedMessage id="record.recordId" />,
            value: record.id,
          },
          {
            key: 'modified',
            label: <FormattedMessage id="record.fact.modified" />,
            value: <DateTime value={record.modified} />,
          },
          {
            key: 'responsible',
            label: <FormattedMessage id="record.fact.responsible" />,
            value: organisation && (
              <Anchor
                component={Link}
                to={searchLink({ field: 'organisation', value: organisation })}
              >
                {organisation}
              </Anchor>
            ),
          },
          {
            key: 'owner',
            label: <FormattedMessage id="record.fact.owner" />,
            value: manages && record.owner,
          },
        ]}
      />
    </RecordSection>
  );
}
