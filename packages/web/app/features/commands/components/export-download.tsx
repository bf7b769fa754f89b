import { Anchor } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useBusyAction } from '../../../lib/hooks/use-busy-action';
import { useTransfer } from '../../../lib/http/use-transfer';
import { saveBlob } from '../../../lib/save-download';
import { downloadCommandExport } from '../api/commands';

/**
 * The download of a command's export named in a line of output. A button, not a link: the
 * export is fetched with the session token, which a plain link cannot send.
 */
export function ExportDownload({ name }: { name: string }) {
  const transfer = useTransfer();
  const { busy, run } = useBusyAction(async () => {
    saveBlob(await downloadCommandExport(transfer, name), name);
  });
  return (
    <Anchor
      component="button"
      type="button"
      onClick={run}
      aria-busy={busy}
      underline="always"
      fz="inherit"
      style={{ lineHeight: 'inherit' }}
    >
      <FormattedMessage id="commands.output.download" values={{ name }} />
    </Anchor>
  );
}
