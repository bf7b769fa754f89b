import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { HttpRequestError } from '../../../lib/http/http-error';
import { useToast } from '../../../lib/use-toast';
import { pathTo } from '../../../route-paths';
import { importRecord } from '../api/import-record';

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

/**
 * Starts a record from an ISO 19139 XML file: the server reads it into a new draft, which
 * then opens in the editor. An unreadable file is explained with the parser's line and
 * column, so the user can find the spot.
 */
export function ImportRecord() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { client } = useAccess();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  // Clears the file input, so choosing the same (corrected) file again is noticed.
  const resetRef = useRef<() => void>(null);

  const handleFile = async (file: File | null) => {
    if (!file || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await importRecord(client, file);
      toast.success(intl.formatMessage({ id: 'editor.import.done' }, { name: file.name }));
      navigate(pathTo('metadata.edit', { id: created.id }));
    } catch (error) {
      setFailure(failureOf(error, errorText(error, intl.formatMessage, intl.messages)));
      setBusy(false);
    } finally {
      resetRef.current?.();
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
