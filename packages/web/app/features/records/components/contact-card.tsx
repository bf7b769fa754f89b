import type { Contact } from '@geoportal/contract/record';
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { searchLink } from '../../../lib/search/search-link';
import type { RecordLabels } from '../model/record-labels';
import { FactList } from './fact-list';
import classes from './records.module.css';

/** A `tel:` address: digits and a leading plus only (RFC 3966 global numbers). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * One responsible party as a card: the organisation (else the person) as its heading, the
 * organisation linking to the search for its records (the organisation facet), the person,
 * the role in the page language, and e-mail and phone as links that open the mail program
 * or dial.
 */
export function ContactCard({ contact, labels }: { contact: Contact; labels: RecordLabels }) {
  const heading = contact.organisation ?? contact.person;
  const person = contact.organisation ? contact.person : undefined;
  return (
    <Paper withBorder p="md" h="100%">
      <Title order={3} size="h4" className={classes.wrap}>
        {contact.organisation ? (
          <Anchor
            component={Link}
            to={searchLink({ field: 'organisation', value: contact.organisation })}
            inherit
          >
            {contact.organisation}
          </Anchor>
        ) : (
          heading
        )}
      </Title>
      {person && (
        <Text mb="xs" className={classes.wrap}>
          {person}
        </Text>
      )}
      <FactList
        facts={[
          {
            key: 'role',
            label: <FormattedMessage id="record.contact.role" />,
            value: labels.label('contactRole', contact.role),
          },
          {
            key: 'email',
            label: <FormattedMessage id="record.contact.email" />,
            value: contact.email && (
              <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
            ),
          },
          {
            key: 'phone',
            label: <FormattedMessage id="record.contact.phone" />,
            value: contact.phone && <Anchor href={telHref(contact.phone)}>{contact.phone}</Anchor>,
          },
        ]}
      />
    </Paper>
  );
}
