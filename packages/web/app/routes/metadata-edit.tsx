import { Anchor, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useRevalidator } from 'react-router';
import { ErrorPage } from '../components/layout/error-page';
import { PageSection } from '../components/layout/page-section';
import { StateBadge } from '../components/records/state-badge';
import { RecordEditor } from '../features/editor/components/record-editor';
import {
  RecordHarvested,
  RecordNotFoundForEditing,
  RecordNotWritable,
} from '../features/editor/components/record-not-writable';
import type { EditedRecord } from '../features/editor/hooks/use-record-actions';
import {
  clientLoadEditPage,
  type EditPageData,
} from '../features/editor/loaders/edit-record.client';
import { toFormValues } from '../features/editor/model/to-form-values';
import { localized } from '../features/records/model/localized-text';
import { useReloadOnSessionChange } from '../lib/auth/use-reload-on-session-change';
import { pageMeta } from '../lib/page-meta';
import { webConfigContext } from '../lib/web-config-context';
import { pathTo } from '../route-paths';
import type { Route } from './+types/metadata-edit';

export const meta = pageMeta('editor.route.edit');

/** Breadcrumb label key and the roles that may publish (SPEC §6), as for creating. */
export const handle = {
  breadcrumb: 'editor.route.edit',
  guard: { roles: ['administrator', 'editor', 'submitter'] },
};

/**
 * The server cannot read a draft (it has no token), so it only passes on the browser's API
 * base; the `clientLoader` reads the record with the user's token in the detailed view,
 * whose permissions say whether it may be changed. Meanwhile the page shows a loader.
 */
export async function loader({ params, context }: Route.LoaderArgs): Promise<EditPageData> {
  const config = context.get(webConfigContext);
  return { id: params.id, apiBase: config.apiBase, record: null, checked: false };
}

export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  return clientLoadEditPage(params.id, serverLoader);
}
clientLoader.hydrate = true as const;

function Pending() {
  const intl = useIntl();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={intl.formatMessage({ id: 'editor.loading' })} />
    </Center>
  );
}

export default function MetadataEditRoute({ loaderData }: Route.ComponentProps) {
  const { locale } = useIntl();
  const revalidator = useRevalidator();
  // A sign-in (e.g. after the session ran out) reads the record again with the new token.
  useReloadOnSessionChange(useCallback(() => void revalidator.revalidate(), [revalidator]));
  const { id, record, checked } = loaderData;
  // The record the form starts from: new values only when another version was loaded.
  const start = useMemo(() => {
    // A harvested record is read-only here whatever the permissions say (issue 25).
    if (!record?.permissions.write || record.harvest) return null;
    const edited: EditedRecord = {
      id: record.id,
      version: record.version,
      state: record.state,
      transitions: record.permissions.transitions,
    };
    return { edited, values: toFormValues(record.type, record.metadata) };
  }, [record]);

  const title = record ? localized(record.metadata.title, locale) : undefined;
  let content: ReactNode;
  if (!checked) content = <Pending />;
  else if (!record) content = <RecordNotFoundForEditing />;
  else if (record.harvest) content = <RecordHarvested id={id} origin={record.harvest} />;
  else if (!start) content = <RecordNotWritable id={id} />;
  // Keyed by id only: a reload after a new sign-in must not throw away unsaved input.
  else content = <RecordEditor key={record.id} record={start.edited} values={start.values} />;

  return (
    <PageSection titleKey="editor.route.edit">
      {record && (
        <Stack gap={4} mb="md">
          <Group gap="sm" wrap="wrap">
            <Text fw={500} lang={title?.lang}>
              {title?.text}
            </Text>
            <StateBadge state={record.state} />
          </Group>
          <Anchor component={Link} to={pathTo('metadata.record', { id })} size="sm">
            <FormattedMessage id="editor.toRecord" />
          </Anchor>
        </Stack>
      )}
      {content}
    </PageSection>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
