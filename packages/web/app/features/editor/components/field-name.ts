import type { IssueText } from '@geoportal/contract/validation';
import type { IntlShape } from 'react-intl';
import { labelOf, languageLabels, rowLabels } from '../model/field-labels';
import { type FormPath, languageOf, rowOf } from '../model/field-paths';

/**
 * The readable name of the field at a form path: "Titel (Englisch)", and with `withRow`
 * the list row too, "Kontakt 2, E-Mail" (inline messages sit in their row already).
 */
export function fieldName(intl: IntlShape, path: FormPath, withRow = false): string {
  let name = intl.formatMessage(labelOf(path));
  const language = languageOf(path);
  if (language) {
    name = intl.formatMessage(
      { id: 'editor.fieldInLanguage' },
      { field: name, language: intl.formatMessage(languageLabels[language]) },
    );
  }
  const row = rowOf(path);
  if (withRow && row && path.split('.').length > 2) {
    const rowName = intl.formatMessage(rowLabels[row.list], { number: row.index + 1 });
    name = intl.formatMessage({ id: 'editor.fieldInRow' }, { row: rowName, field: name });
  }
  return name;
}

/** A validation message as plain text, "Süd: muss mindestens -90 sein" (for string props). */
export function issueString(intl: IntlShape, path: FormPath, issue: IssueText): string {
  return intl.formatMessage(
    { id: 'editor.issue' },
    { field: fieldName(intl, path), message: intl.formatMessage({ id: issue.key }, issue.values) },
  );
}
