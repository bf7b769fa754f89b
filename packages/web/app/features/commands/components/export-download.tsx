import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '../../../lib/http/error-text';
import { useTransfer } from '../../../lib/http/use-transfer';
import { saveBlob } from '../../../lib/save-download';
import { useToast } from '../../../lib/use-toast';
import { downloadCommandExport } from '../api/commands';

/**
 * The download of a command's export named in a line of output. A button, not a link: the
 * export is fetched with the session token, which a plain link cannot send.
 */
export function ExportDownload({ name }: { name: string }) {
  const transfer = useTransfer();
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      saveBlob(await downloadCommandExport(transfer, name), name);
    } catch (error) {
      toast.error(errorText(error, intl.formatMessage, intl.messages));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Anchor
      component="button"
      type="button"
      onClick={handleClick}
      aria-busy={busy}
      underline="always"
      fz="inherit"
      style={{ lineHeight: 'inherit' }}
    >
      <FormattedMessage id="commands.output.download" values={{ name }} />
    </Anchor>
  );
}
