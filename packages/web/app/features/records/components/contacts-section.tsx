import type { Contact } from '@geoportal/contract/record';
import { FormattedMessage } from 'react-intl';
import type { RecordLabels } from '../model/record-labels';
import { ContactCard } from './contact-card';
import { RecordSection } from './record-section';
import classes from './records.module.css';

/** The responsible parties as a list of cards; left out when the record names none. */
export function ContactsSection({
  contacts,
  labels,
}: {
  contacts: Contact[] | undefined;
  labels: RecordLabels;
}) {
  if (!contacts || contacts.length === 0) return null;
  return (
    <RecordSection title={<FormattedMessage id="record.section.contacts" />}>
      <ul className={classes.cards}>
        {contacts.map((contact, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the record's list, shown as it is
          <li key={index}>
            <ContactCard contact={contact} labels={labels} />
          </li>
        ))}
      </ul>
    </RecordSection>
  );
}
