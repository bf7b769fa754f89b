import { recordLanguages } from '@geoportal/contract/record-languages';
import { Box, Input, Tabs, TextInput, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GrowingTextarea } from '../../../components/inputs/growing-textarea';
import { CheckMark } from '../../../components/navigation/check-mark';
import { fieldLabels, languageLabels } from '../model/field-labels';
import type { LanguageField } from '../model/field-spec';
import { useEditor, useEditorValue, useFieldProps, useIssue, useIssues } from './editor-context';

export interface LanguageTextFieldProps {
  field: LanguageField;
  maxLength: number;
  /** A textarea (abstract, lineage, constraints) instead of a one-line input. */
  multiline?: boolean;
  /** Marks the field as needed for submitting. */
  required?: boolean;
  description?: ReactNode;
}

/**
 * A multilingual field: one tab per product language (arrow keys switch, Tab enters the
 * text), each tab marked when its language is filled. When a problem shows only in the
 * hidden language, that tab opens, so the message is never out of sight.
 */
export function LanguageTextField({
  field,
  maxLength,
  multiline = false,
  required = false,
  description,
}: LanguageTextFieldProps) {
  const intl = useIntl();
  const { form } = useEditor();
  const issues = useIssues();
  const fieldProps = useFieldProps();
  const groupError = useIssue(field);
  const labelId = useId();
  const [language, setLanguage] = useState<string>(intl.locale === 'en' ? 'en' : 'de');
  const label = intl.formatMessage(fieldLabels[field] ?? { id: 'editor.field.record' });
  // The filled languages as one string ("de en"), so typing re-renders only when one empties
  // or fills, for the tab marks.
  const filledLanguages = useEditorValue((values) =>
    recordLanguages.filter((lang) => values[field][lang].trim() !== '').join(' '),
  );

  const errorDe = Boolean(issues[`${field}.de`]);
  const errorEn = Boolean(issues[`${field}.en`]);
  useEffect(() => {
    if (errorDe && !errorEn) setLanguage('de');
    if (errorEn && !errorDe) setLanguage('en');
  }, [errorDe, errorEn]);

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} required={required} component="div">
        {label}
      </Input.Label>
      {description && <Input.Description mb={4}>{description}</Input.Description>}
      <Tabs value={language} onChange={(value) => value && setLanguage(value)} variant="outline">
        <Tabs.List aria-label={intl.formatMessage({ id: 'editor.languages' }, { field: label })}>
          {recordLanguages.map((lang) => {
            const filled = filledLanguages.split(' ').includes(lang);
            return (
              <Tabs.Tab key={lang} value={lang} rightSection={<CheckMark visible={filled} />}>
                <FormattedMessage {...languageLabels[lang]} />
                <VisuallyHidden>
                  {filled ? (
                    <FormattedMessage id="editor.language.filled" />
                  ) : (
                    <FormattedMessage id="editor.language.empty" />
                  )}
                </VisuallyHidden>
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {recordLanguages.map((lang) => {
          const props = fieldProps(`${field}.${lang}`);
          const common = {
            ...props,
            error: props.error ?? groupError,
            label: intl.formatMessage(
              { id: 'editor.fieldInLanguage' },
              { field: label, language: intl.formatMessage(languageLabels[lang]) },
            ),
            lang,
            maxLength,
          };
          return (
            <Tabs.Panel key={lang} value={lang} pt="xs">
              {multiline ? (
                <GrowingTextarea
                  key={form.key(`${field}.${lang}`)}
                  {...common}
                  minRows={4}
                  maxRows={16}
                />
              ) : (
                <TextInput key={form.key(`${field}.${lang}`)} {...common} />
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Box>
  );
}
