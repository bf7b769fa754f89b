import { recordLimits } from '@geoportal/contract/record-rules';
import { SimpleGrid, TextInput } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { emptyContact } from '../../model/editor-values';
import { ClassificationSelect } from '../classification-select';
import { useEditor, useEditorValue, useFieldProps, useIssue, useRequired } from '../editor-context';
import { EditorSection } from '../editor-section';
import { RepeatableList } from '../repeatable-list';

/** The inputs of one contact. */
function ContactFields({ index }: { index: number }) {
  const { form } = useEditor();
  const fieldProps = useFieldProps();
  const path = (name: string) => `contacts.${index}.${name}`;
  const roleIssue = useIssue(path('role'));
  const role = useEditorValue((values) => values.contacts[index]?.role ?? '');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          key={form.key(path('organisation'))}
          {...fieldProps(path('organisation'))}
          label={<FormattedMessage id="editor.field.organisation" />}
          maxLength={recordLimits.nameMax}
          autoComplete="organization"
        />
        <TextInput
          key={form.key(path('person'))}
          {...fieldProps(path('person'))}
          label={<FormattedMessage id="editor.field.person" />}
          maxLength={recordLimits.nameMax}
          autoComplete="name"
        />
        <TextInput
          key={form.key(path('email'))}
          {...fieldProps(path('email'))}
          type="email"
          label={<FormattedMessage id="editor.field.email" />}
          maxLength={recordLimits.emailMax}
          autoComplete="email"
        />
        <TextInput
          key={form.key(path('phone'))}
          {...fieldProps(path('phone'))}
          type="tel"
          label={<FormattedMessage id="editor.field.phone" />}
          maxLength={recordLimits.phoneMax}
          autoComplete="tel"
        />
      </SimpleGrid>
      <ClassificationSelect
        classification="contactRole"
        label={<FormattedMessage id="editor.field.role" />}
        value={role}
        onChange={(value) =>
          form.setFieldValue(`contacts.${index}.role`, value, { forceUpdate: false })
        }
        error={roleIssue}
        required
      />
    </>
  );
}

/** Who is responsible: organisations and people with their roles, in order of importance. */
export function ContactsSection() {
  const required = useRequired();
  return (
    <EditorSection
      id="contacts"
      hint={required('contacts') && <FormattedMessage id="editor.hint.contacts" />}
    >
      <RepeatableList
        list="contacts"
        create={emptyContact}
        max={recordLimits.contactsMax}
        addLabel={<FormattedMessage id="editor.contacts.add" />}
        emptyText={<FormattedMessage id="editor.contacts.empty" />}
      >
        {(index) => <ContactFields index={index} />}
      </RepeatableList>
    </EditorSection>
  );
}
