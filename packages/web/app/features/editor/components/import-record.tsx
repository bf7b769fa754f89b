import type { ImportCheck } from '@geoportal/contract/record-import';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { HttpRequestError } from '../../../lib/http/http-error';
import { useToast } from '../../../lib/use-toast';
import { pathTo } from '../../../route-paths';
import { checkImport } from '../api/check-import';
import { importIntoRecord } from '../api/import-into-record';
import { importRecord } from '../api/import-record';
import { type DuplicateChoice, ImportDuplicate } from './import-duplicate';

/** Why an import failed: the translated reason and, for unreadable files, the parser's words. */
interface ImportFailure {
  text: string;
  /** The server's message naming line and column (English, as the parser reports it). */
  detail?: string | undefined;
}

function failureOf(error: unknown, text: string): ImportFailure {
  const detail =
    error instanceof HttpRequestError && error.code === 'record.import_invalid'
      ? error.message
      : undefined;
  return { text, detail };
}

/** A file whose identifier names an existing record, and what the server told of it. */
interface Duplicate {
  file: File;
  check: ImportCheck;
}

const isDuplicate = (error: unknown) =>
  error instanceof HttpRequestError && error.code === 'record.exists';

/**
 * Starts a record from an ISO 19139 XML file: the server reads it into a new draft, which
 * then opens in the editor. An unreadable file is explained with the parser's line and
 * column, so the user can find the spot. A file imported before is never silently a second
 * record: the user chooses to update the existing record or to import a copy.
 */
export function ImportRecord() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { client } = useAccess();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  // Clears the file input, so choosing the same (corrected) file again is noticed.
  const resetRef = useRef<() => void>(null);

  const fail = (error: unknown) =>
    setFailure(failureOf(error, errorText(error, intl.formatMessage, intl.messages)));

  const handleFile = async (file: File | null) => {
    if (!file || busy) return;
    setBusy(true);
    setFailure(null);
    setDuplicate(null);
    try {
      const created = await importRecord(client, file);
      toast.success(intl.formatMessage({ id: 'editor.import.done' }, { name: file.name }));
      navigate(pathTo('metadata.edit', { id: created.id }));
    } catch (error) {
      if (isDuplicate(error)) {
        // The refusal names the record only in English; the check tells what the user may see.
        await checkImport(client, file).then((check) => setDuplicate({ file, check }), fail);
      } else {
        fail(error);
      }
      setBusy(false);
    } finally {
      resetRef.current?.();
    }
  };

  const handleChoice = async (choice: DuplicateChoice) => {
    if (!duplicate || busy) return;
    const { file, check } = duplicate;
    if (choice === 'cancel') {
      setDuplicate(null);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const saved =
        choice === 'update' && check.existing
          ? await importIntoRecord(client, check.existing.id, check.existing.version, file)
          : await importRecord(client, file, 'copy');
      toast.success(
        intl.formatMessage(
          { id: choice === 'update' ? 'editor.import.updated' : 'editor.import.copied' },
          { name: file.name },
        ),
      );
      navigate(pathTo('metadata.edit', { id: saved.id }));
    } catch (error) {
      fail(error);
      // Someone saved the record in between: offer the update again over its new version.
      if (error instanceof HttpRequestError && error.code === 'object.version_conflict') {
        await checkImport(client, file).then((fresh) => setDuplicate({ file, check: fresh }), fail);
      }
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="editor-import-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="editor-import-heading">
          <FormattedMessage id="editor.import.title" />
        </Title>
        <Text size="sm">
          <FormattedMessage id="editor.import.text" />
        </Text>
        <Group>
          <FileButton
            onChange={handleFile}
            accept=".xml,application/xml,text/xml"
            resetRef={resetRef}
          >
            {(props) => (
              <Button {...props} variant="default" loading={busy}>
                <FormattedMessage id="editor.import.button" />
              </Button>
            )}
          </FileButton>
        </Group>
        {duplicate && (
          <ImportDuplicate
            fileName={duplicate.file.name}
            check={duplicate.check}
            busy={busy}
            onChoose={handleChoice}
          />
        )}
        {failure && (
          <Alert color="red" title={<FormattedMessage id="editor.import.failed" />}>
            <Text size="sm">{failure.text}</Text>
            {failure.detail && (
              <Text size="sm" mt={4}>
                <FormattedMessage id="editor.import.detail" values={{ detail: failure.detail }} />
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
