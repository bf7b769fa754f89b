import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { saveBlob } from '../../../lib/save-download';
import { useToast } from '../../../lib/use-toast';
import { exportUrl, getExport } from '../api/get-export';
import { type ExportFormat, exportFileName, exportFormats } from '../model/export-formats';
import { RecordSection } from './record-section';

/**
 * Downloads an export through the HTTP client, which sends the session token and a held
 * access key, and saves it as `<id>.<extension>`. A button, not a link: there is no address
 * that would work on its own.
 */
function ExportButton({ id, format }: { id: string; format: ExportFormat }) {
  const { client } = useAccess();
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      saveBlob(
        new Blob([await getExport(client, id, format)], { type: format.mediaType }),
        exportFileName(id, format),
      );
    } catch (error) {
      toast.error(errorText(error, intl.formatMessage, intl.messages));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" loading={busy} onClick={handleClick}>
      <FormattedMessage {...format.label} />
    </Button>
  );
}

/**
 * The record's metadata as ISO 19139 XML and GeoJSON. Records every visitor may read get
 * plain download links (they work anywhere, also opened in a new tab or copied); others are
 * downloaded through the client, since a link cannot carry the AccessToken header.
 */
export function ExportLinks({ id, visitorCanRead }: { id: string; visitorCanRead: boolean }) {
  const { client } = useAccess();
  return (
    <RecordSection title={<FormattedMessage id="record.section.export" />}>
      <Group gap="sm">
        {exportFormats.map((format) =>
          visitorCanRead ? (
            <Button
              key={format.format}
              component="a"
              variant="default"
              href={exportUrl(client, id, format)}
              download={exportFileName(id, format)}
            >
              <FormattedMessage {...format.label} />
            </Button>
          ) : (
            <ExportButton key={format.format} id={id} format={format} />
          ),
        )}
      </Group>
    </RecordSection>
  );
}
