import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { isDetailed, type RecordView as Record } from '../../../lib/api/get-record';
import { useAuth } from '../../../lib/auth/use-auth';
import { pathTo } from '../../../route-paths';
import type { DatasetJsonLd } from '../model/dataset-json-ld';
import { localized } from '../model/localized-text';
import type { RecordClassifications } from '../model/record-classifications';
import { DeleteRecordButton } from './delete-record-button';
import { RecordJsonLd } from './record-json-ld';
import { RecordView } from './record-view';
import { SharingPanel } from './sharing-panel';
import { WorkflowActions } from './workflow-actions';
import { WorkflowHistory } from './workflow-history';

export interface RecordPageProps {
  record: Record;
  /** The classifications of the record's codes (labels); missing ones show codes. */
  classifications: RecordClassifications;
  /** Whether a visitor may read the record, so its exports can be plain links. */
  visitorCanRead: boolean;
  /** The schema.org description, for published records only. */
  jsonLd: DatasetJsonLd | null;
  /** The response's CSP nonce (root loader data). */
  nonce?: string;
  /** Loads the record again after a workflow step. */
  onChanged: () => void | Promise<void>;
  /** The files panel, composed by the route module (features do not import each other). */
  files?: ReactNode;
}

/**
 * A record's page: what everyone who may read it sees (the whole record, exports), and,
 * with the detailed view of signed-in users, the workflow steps they may take, the history
 * and, for those allowed to, the sharing panel.
 */
export function RecordPage({
  record,
  classifications,
  visitorCanRead,
  jsonLd,
  nonce,
  onChanged,
  files,
}: RecordPageProps) {
  const { principal } = useAuth();
  const intl = useIntl();
  const navigate = useNavigate();
  const detailed = isDetailed(record) ? record : null;
  const title =
    localized(record.metadata.title, intl.locale)?.text ??
    intl.formatMessage({ id: 'mine.untitled' });
  return (
    <Container size="lg" py="md" w="100%">
      <Stack gap="xl">
        <article>
          <RecordView
            record={record}
            classifications={classifications}
            visitorCanRead={visitorCanRead}
          />
          {jsonLd && <RecordJsonLd value={jsonLd} nonce={nonce} />}
        </article>
        {/* Files (issue 7): the record's downloads and previews, after the record itself. */}
        {files}
        {detailed && (
          <WorkflowActions
            record={detailed}
            isOwner={principal?.name === detailed.owner}
            onChanged={onChanged}
          />
        )}
        {detailed?.permissions.delete && (
          // Owners delete their drafts; editors and administrators any record (DESIGN §5).
          <div>
            <DeleteRecordButton
              id={detailed.id}
              title={title}
              onDeleted={() => navigate(pathTo('metadata.mine'))}
            />
          </div>
        )}
        {detailed && <WorkflowHistory history={detailed.history} />}
        {detailed?.permissions.accessControl && <SharingPanel key={detailed.id} id={detailed.id} />}
      </Stack>
    </Container>
  );
}
