import { recordLimits } from '@geoportal/contract/record-rules';
import { TextInput } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { ClassificationSelect } from '../classification-select';
import { useEditor, useEditorValue, useFieldProps, useIssue, useRequired } from '../editor-context';
import { EditorSection } from '../editor-section';
import { LanguageTextField } from '../language-text-field';

/** Identification: resource type, title, abstract and the resource identifier. */
export function IdentificationSection() {
  const { form } = useEditor();
  const fieldProps = useFieldProps();
  const required = useRequired();
  const typeIssue = useIssue('type');
  const type = useEditorValue((values) => values.type);
  return (
    <EditorSection id="identification">
      <ClassificationSelect
        classification="resourceType"
        label={<FormattedMessage id="editor.field.type" />}
        description={<FormattedMessage id="editor.hint.type" />}
        value={type}
        onChange={(value) => form.setFieldValue('type', value, { forceUpdate: false })}
        error={typeIssue}
        clearable={false}
        required
      />
      <LanguageTextField
        field="title"
        maxLength={recordLimits.titleMax}
        required={required('title')}
      />
      <LanguageTextField
        field="abstract"
        maxLength={recordLimits.abstractMax}
        multiline
        required={required('abstract')}
        description={<FormattedMessage id="editor.hint.abstract" />}
      />
      <TextInput
        key={form.key('identifier')}
        {...fieldProps('identifier')}
        label={<FormattedMessage id="editor.field.identifier" />}
        description={<FormattedMessage id="editor.hint.identifier" />}
        maxLength={recordLimits.identifierMax}
      />
    </EditorSection>
  );
}
