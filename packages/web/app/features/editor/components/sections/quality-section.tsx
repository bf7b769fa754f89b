import { recordLimits, relationTypes } from '@geoportal/contract/record-rules';
import { NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { emptyRelated } from '../../model/editor-values';
import { relationLabels } from '../../model/record-terms';
import { useEditor, useFieldProps, useRequired } from '../editor-context';
import { EditorSection } from '../editor-section';
import { LanguageTextField } from '../language-text-field';
import { RepeatableList } from '../repeatable-list';

function RelatedFields({ index }: { index: number }) {
  const intl = useIntl();
  const { form } = useEditor();
  const fieldProps = useFieldProps();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        key={form.key(`related.${index}.id`)}
        {...fieldProps(`related.${index}.id`)}
        label={<FormattedMessage id="editor.field.relatedId" />}
        description={<FormattedMessage id="editor.hint.relatedId" />}
        maxLength={64}
        autoComplete="off"
        required
      />
      <NativeSelect
        key={form.key(`related.${index}.relation`)}
        {...fieldProps(`related.${index}.relation`)}
        label={<FormattedMessage id="editor.field.relation" />}
        data={[
          { value: '', label: intl.formatMessage({ id: 'editor.relation.choose' }) },
          ...relationTypes.map((type) => ({
            value: type,
            label: intl.formatMessage(relationLabels[type]),
          })),
        ]}
        required
      />
    </SimpleGrid>
  );
}

/** Quality: how the data came about (lineage) and the records it relates to. */
export function QualitySection() {
  const required = useRequired();
  return (
    <EditorSection id="quality">
      <LanguageTextField
        field="lineage"
        maxLength={recordLimits.lineageMax}
        multiline
        required={required('lineage')}
        description={<FormattedMessage id="editor.hint.lineage" />}
      />
      <Stack gap="xs">
        <Title order={3} size="h5">
          <FormattedMessage id="editor.field.related" />
        </Title>
        <RepeatableList
          list="related"
          create={emptyRelated}
          max={recordLimits.relatedMax}
          addLabel={<FormattedMessage id="editor.related.add" />}
          emptyText={<FormattedMessage id="editor.related.empty" />}
        >
          {(index) => <RelatedFields index={index} />}
        </RepeatableList>
      </Stack>
    </EditorSection>
  );
}
