import { findNode, nodeLabel } from '@geoportal/contract/classification-tree';
import { recordLimits } from '@geoportal/contract/record-rules';
import { Anchor, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useClassification } from '../../../../lib/classifications/use-classification';
import { ClassificationSelect } from '../classification-select';
import { useEditor, useEditorValue, useIssue, useRequired } from '../editor-context';
import { EditorSection } from '../editor-section';
import { LanguageTextField } from '../language-text-field';

/** A link to the chosen licence's text, when the classification knows one. */
function LicenceLink({ code }: { code: string }) {
  const { locale } = useIntl();
  const { classification } = useClassification('license');
  const node = code && classification ? findNode(classification, code) : undefined;
  if (!node?.url) return null;
  return (
    <Anchor href={node.url} target="_blank" rel="noopener noreferrer" size="sm">
      <FormattedMessage id="editor.licence.text" values={{ licence: nodeLabel(node, locale) }} />
    </Anchor>
  );
}

/** Licence and the conditions of use and access. */
export function ConstraintsSection() {
  const { form } = useEditor();
  const required = useRequired();
  const licenceIssue = useIssue('licence');
  const licence = useEditorValue((values) => values.licence);
  return (
    <EditorSection id="constraints">
      <Stack gap={4}>
        <ClassificationSelect
          classification="license"
          label={<FormattedMessage id="editor.field.licence" />}
          value={licence}
          onChange={(value) => form.setFieldValue('licence', value, { forceUpdate: false })}
          error={licenceIssue}
          required={required('licence')}
        />
        <LicenceLink code={licence} />
      </Stack>
      <LanguageTextField
        field="useConstraints"
        maxLength={recordLimits.constraintsMax}
        multiline
        description={<FormattedMessage id="editor.hint.useConstraints" />}
      />
      <LanguageTextField
        field="accessConstraints"
        maxLength={recordLimits.constraintsMax}
        multiline
        description={<FormattedMessage id="editor.hint.accessConstraints" />}
      />
    </EditorSection>
  );
}
