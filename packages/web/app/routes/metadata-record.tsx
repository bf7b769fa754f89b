import { useCallback } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { ErrorPage } from '../components/layout/error-page';
import { filePath } from '../features/files/api/file-paths';
import { FilesPanel } from '../features/files/components/files-panel';
import { maxUploadBytesOf } from '../features/files/model/check-upload';
import { AccessKeyEntry } from '../features/records/components/access-key-entry';
import { RecordPage } from '../features/records/components/record-page';
import { RecordNotFound, RecordPending } from '../features/records/components/record-unavailable';
import { clientLoadRecordPage } from '../features/records/loaders/record-page.client';
import { loadRecordPageOnServer } from '../features/records/loaders/record-page.server';
import { isRecordPageData } from '../features/records/loaders/record-page-data';
import { titleText } from '../features/records/model/localized-text';
import { accessKeys } from '../lib/access-keys';
import { isDetailed } from '../lib/api/get-record';
import { useAuth } from '../lib/auth/use-auth';
import { useReloadOnSessionChange } from '../lib/auth/use-reload-on-session-change';
import { metaFor } from '../lib/page-meta';
import { webConfigContext } from '../lib/web-config-context';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/metadata-record';

/**
 * Loading, in two steps (React Router 8's `clientLoader` with `hydrate`):
 * 1. `loader` runs on the server and reads the record as a visitor (no token), and the
 *    classifications whose labels it shows, so public records reach crawlers and first paint
 *    complete, labels and JSON-LD included (the JSON-LD only ever from this visitor's view). A record a visitor may not read answers 404 but
 *    still renders (not thrown: a failed server loader would keep the `clientLoader` from
 *    running on hydration).
 * 2. `clientLoader` runs in the browser on hydration and on every later navigation and
 *    revalidation: with the user's token or access key it reads the detailed view
 *    (permissions, history), or finds that a key would open the record. Without a
 *    `HydrateFallback`, the server's page stays on screen meanwhile.
 * Workflow steps, a key entered, a sign-in or sign-out revalidate, which runs step 2 again.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  return loadRecordPageOnServer(request, config.ssrApiBase, config, params.id, filePath);
}

export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  return clientLoadRecordPage(params.id, serverLoader);
}
clientLoader.hydrate = true as const;

/** The record's title in the page language (or the other one), when it could be read. */
function recordTitle(data: unknown): string | undefined {
  if (!isRecordPageData(data) || !data.record) return undefined;
  return titleText(data.record.metadata.title, data.lang) || undefined;
}

/** Title and canonical link; records that are not published are kept out of search engines. */
export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const entries = metaFor(args, (t) => {
    const title = recordTitle(data);
    if (title) return title;
    if (!data?.checked) return t('record.pending.title');
    return t(data.keyRequired ? 'record.key.title' : 'record.notFound.title');
  });
  return data?.record?.state === 'published'
    ? entries
    : [...entries, { name: 'robots', content: 'noindex' }];
}

/** The breadcrumb is the record's own title (function form), left out while it has none. */
export const handle = { breadcrumb: recordTitle };

export default function MetadataRecordRoute({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const revalidator = useRevalidator();
  const { isLoggedIn } = useAuth();
  const reload = useCallback(() => revalidator.revalidate(), [revalidator]);
  useReloadOnSessionChange(reload);
  const { id, record, classifications, visitorCanRead, checked, keyRequired, keyRejected, jsonLd } =
    loaderData;

  if (!record) {
    if (!checked) return <RecordPending />;
    if (!keyRequired) return <RecordNotFound signedIn={isLoggedIn} />;
    return (
      <AccessKeyEntry
        rejected={keyRejected}
        busy={revalidator.state === 'loading'}
        onSubmit={(key, remember) => {
          accessKeys.set(id, key, { remember });
          void reload();
        }}
      />
    );
  }

  return (
    <RecordPage
      record={record}
      classifications={classifications}
      visitorCanRead={visitorCanRead}
      // Only while the page shows the published record visitors see (not a signed-in user's
      // draft or restricted record, whose data has none).
      jsonLd={visitorCanRead && record.state === 'published' ? jsonLd : null}
      nonce={root?.nonce}
      onChanged={reload}
      files={
        // Files (issue 7): the detailed view brings the bundles and the write permission.
        <FilesPanel
          key={id}
          id={id}
          bundles={isDetailed(record) ? record.bundles : undefined}
          canWrite={isDetailed(record) && record.permissions.write}
          visitorCanRead={visitorCanRead}
          maxUploadBytes={maxUploadBytesOf(root?.config)}
        />
      }
    />
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
