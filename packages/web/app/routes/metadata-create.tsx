import { useState } from 'react';
import { ErrorPage } from '../components/layout/error-page';
import { PageSection } from '../components/layout/page-section';
import { ImportRecord } from '../features/editor/components/import-record';
import { RecordEditor } from '../features/editor/components/record-editor';
import { emptyValues } from '../features/editor/model/editor-values';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.metadata.create');

/**
 * Breadcrumb label key and the roles that may publish (SPEC §6). The empty editor is the
 * same for all of them, so the server renders it and it is there while the session is
 * checked: on a phone its first screen came only after all of its script had arrived.
 */
export const handle = {
  breadcrumb: 'route.metadata.create',
  guard: { roles: ['administrator', 'editor', 'submitter'], shownWhileChecking: true },
};

/**
 * `metadata.create`: the editor on an empty record, or a record imported from an ISO 19139
 * file. The first save creates the draft and moves to its edit address.
 */
export default function MetadataCreateRoute() {
  // Once per visit: new row keys and an empty form that later renders do not replace.
  const [values] = useState(emptyValues);
  return (
    <PageSection titleKey="route.metadata.create">
      <RecordEditor record={null} values={values} before={<ImportRecord />} />
    </PageSection>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
