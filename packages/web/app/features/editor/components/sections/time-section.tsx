import { Input, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useEditor, useFieldProps, useRequired } from '../editor-context';
import { EditorSection } from '../editor-section';

/**
 * When: the period the data covers (either end may stay open) and the reference dates, of
 * which submitting needs one. Native date inputs: typed or picked, keyboard operable.
 */
export function TimeSection() {
  const { form } = useEditor();
  const fieldProps = useFieldProps();
  const required = useRequired();
  const date = (path: string) => ({ ...fieldProps(path), type: 'date', max: '9999-12-31' });
  return (
    <EditorSection id="time">
      <Stack gap={4} role="group" aria-labelledby="editor-temporal-extent">
        <Input.Label id="editor-temporal-extent" component="div">
          <FormattedMessage id="editor.field.temporalExtent" />
        </Input.Label>
        <Input.Description>
          <FormattedMessage id="editor.hint.temporalExtent" />
        </Input.Description>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            key={form.key('temporalExtent.start')}
            {...date('temporalExtent.start')}
            label={<FormattedMessage id="editor.field.temporalStart" />}
          />
          <TextInput
            key={form.key('temporalExtent.end')}
            {...date('temporalExtent.end')}
            label={<FormattedMessage id="editor.field.temporalEnd" />}
          />
        </SimpleGrid>
      </Stack>
      <Stack gap={4} role="group" aria-labelledby="editor-dates">
        <Input.Label id="editor-dates" component="div" required={required('dates')}>
          <FormattedMessage id="editor.field.dates" />
        </Input.Label>
        <Input.Description>
          <FormattedMessage id="editor.hint.dates" />
        </Input.Description>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            key={form.key('dates.creation')}
            {...date('dates.creation')}
            label={<FormattedMessage id="editor.field.dateCreation" />}
          />
          <TextInput
            key={form.key('dates.publication')}
            {...date('dates.publication')}
            label={<FormattedMessage id="editor.field.datePublication" />}
          />
          <TextInput
            key={form.key('dates.revision')}
            {...date('dates.revision')}
            label={<FormattedMessage id="editor.field.dateRevision" />}
          />
        </SimpleGrid>
      </Stack>
    </EditorSection>
  );
}
