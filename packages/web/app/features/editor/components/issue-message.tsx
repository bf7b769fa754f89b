import type { IssueText } from '@geoportal/contract/validation';
import { useIntl } from 'react-intl';
import type { FormPath } from '../model/field-paths';
import { fieldName } from './field-name';

/**
 * A validation message that names its field, "E-Mail: ist keine E-Mail-Adresse", in the
 * page language (translated when rendered, so a language switch follows).
 */
export function IssueMessage({
  path,
  issue,
  withRow = false,
}: {
  path: FormPath;
  issue: IssueText;
  withRow?: boolean;
}) {
  const intl = useIntl();
  return (
    <>
      {intl.formatMessage(
        { id: 'editor.issue' },
        {
          field: fieldName(intl, path, withRow),
          message: intl.formatMessage({ id: issue.key }, issue.values),
        },
      )}
    </>
  );
}
