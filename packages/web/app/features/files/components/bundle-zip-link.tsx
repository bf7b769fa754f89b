import { Anchor } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useBusyAction } from '../../../lib/hooks/use-busy-action';
import { startDownload } from '../../../lib/save-download';
import { bearerZipPath, bundleZipPath } from '../api/file-paths';
import { useBearerTokens } from '../hooks/use-bearer-token';
import type { SourceMode } from '../model/file-source';

/**
 * "Download all (ZIP)" of a bundle, which the server streams while it builds it. Bundles every
 * visitor may read get a plain link. Others get a signed URL at the moment of the click: the
 * ZIP is not fetched into the page (it may be large), and a URL signed when the page was
 * rendered could have run out by the time someone clicks.
 */
export function BundleZipLink({
  id,
  bundle,
  mode,
}: {
  id: string;
  bundle: string;
  mode: SourceMode;
}) {
  const { client } = useAccess();
  const tokens = useBearerTokens();
  const intl = useIntl();
  const fileName = `${bundle}.zip`;
  // Begins with the visible text (WCAG 2.5.3) and adds the bundle: a page has one per bundle.
  const name = intl.formatMessage({ id: 'files.zip.named' }, { name: bundle });
  const text = <FormattedMessage id="files.zip.download" />;
  const { busy, run } = useBusyAction(async () => {
    const { token } = await tokens(id, bundle);
    startDownload(client.url(bearerZipPath(id, bundle, token)), fileName);
  });

  if (mode === 'plain') {
    return (
      <Anchor
        href={client.url(bundleZipPath(id, bundle))}
        download={fileName}
        aria-label={name}
        underline="always"
      >
        {text}
      </Anchor>
    );
  }

  return (
    <Anchor
      component="button"
      type="button"
      onClick={run}
      aria-label={name}
      aria-disabled={busy || undefined}
      underline="always"
      ta="left"
    >
      {text}
    </Anchor>
  );
}
