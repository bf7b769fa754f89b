import { recordLimits } from '@geoportal/contract/record-rules';
import { TagsInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { INSPIRE_THEME } from '../../model/editor-values';
import { ClassificationMultiSelect } from '../classification-select';
import {
  sameEntries,
  useEditor,
  useEditorValue,
  useFieldProps,
  useIssue,
  useRequired,
} from '../editor-context';
import { EditorSection } from '../editor-section';

/** Keywords: ISO topic categories, INSPIRE themes and free keywords. */
export function KeywordsSection() {
  const intl = useIntl();
  const { form } = useEditor();
  const fieldProps = useFieldProps();
  const required = useRequired();
  const topicIssue = useIssue('topicCategories');
  const themeIssue = useIssue('inspireThemes');
  const topicCategories = useEditorValue((values) => values.topicCategories, sameEntries);
  const inspireThemes = useEditorValue((values) => values.inspireThemes, sameEntries);
  return (
    <EditorSection id="keywords" hint={<FormattedMessage id="editor.hint.keywords" />}>
      <ClassificationMultiSelect
        classification="topicCategory"
        label={<FormattedMessage id="editor.field.topicCategories" />}
        value={topicCategories}
        onChange={(value) => form.setFieldValue('topicCategories', value, { forceUpdate: false })}
        error={topicIssue}
        maxValues={recordLimits.topicCategoriesMax}
        required={required('topicCategories')}
      />
      <ClassificationMultiSelect
        classification={INSPIRE_THEME}
        label={<FormattedMessage id="editor.field.inspireThemes" />}
        value={inspireThemes}
        onChange={(value) => form.setFieldValue('inspireThemes', value, { forceUpdate: false })}
        error={themeIssue}
      />
      <TagsInput
        key={form.key('keywords')}
        {...fieldProps('keywords')}
        label={<FormattedMessage id="editor.field.keywords" />}
        description={<FormattedMessage id="editor.hint.freeKeywords" />}
        placeholder={intl.formatMessage({ id: 'editor.keywords.placeholder' })}
        maxTags={recordLimits.keywordsMax}
        maxLength={recordLimits.keywordMax}
        splitChars={[',', ';']}
        clearable
        clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'editor.keywords.clear' }) }}
      />
    </EditorSection>
  );
}
