import type { FileEntry } from '@geoportal/contract/files';
import { Loader, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../../lib/auth/access';
import { useLoaded } from '../../../../lib/hooks/use-loaded';
import type { FileRef } from '../../api/file-paths';
import { getPreviewType } from '../../api/get-preview-type';
import { useFileSource } from '../../hooks/use-file-source';
import type { SourceMode } from '../../model/file-source';
import { needsRendition, type ViewerKind, viewerKind } from '../../model/viewer-kind';
import { DownloadLink } from '../download-link';
import { GeoJsonViewer } from './geojson-viewer';
import { ImageViewer } from './image-viewer';
import { MediaViewer } from './media-viewer';
import { PdfViewer } from './pdf-viewer';
import { TableViewer } from './table-viewer';
import { TextViewer } from './text-viewer';

export interface FileViewerProps {
  id: string;
  bundle: string;
  file: FileEntry;
  mode: SourceMode;
}

/** An image, from the file itself or, for formats browsers cannot draw, the server's rendering. */
function ImageFile({
  fileRef,
  file,
  mode,
}: {
  fileRef: FileRef;
  file: FileEntry;
  mode: SourceMode;
}) {
  const intl = useIntl();
  const rendition = needsRendition(file.mediaType) ? 'large' : undefined;
  const source = useFileSource(fileRef, mode, rendition);
  return (
    <ImageViewer
      source={source}
      alt={intl.formatMessage({ id: 'files.image.alt' }, { path: file.path })}
      label={intl.formatMessage({ id: 'files.image.frame' }, { path: file.path })}
    />
  );
}

/** Shows the viewer of `kind`. */
function ViewerOf({
  kind,
  fileRef,
  file,
  mode,
}: {
  kind: ViewerKind;
  fileRef: FileRef;
  file: FileEntry;
  mode: SourceMode;
}) {
  const intl = useIntl();
  const download = (
    <DownloadLink fileRef={fileRef} file={file} mode={mode}>
      <FormattedMessage id="files.viewer.download" values={{ path: file.path }} />
    </DownloadLink>
  );
  if (kind === 'none') {
    return (
      <Text size="sm">
        <FormattedMessage id="files.viewer.none" />
      </Text>
    );
  }
  switch (kind) {
    case 'image':
      return <ImageFile fileRef={fileRef} file={file} mode={mode} />;
    case 'text':
      return <TextViewer fileRef={fileRef} file={file} />;
    case 'table':
      return <TableViewer fileRef={fileRef} file={file} />;
    case 'geojson':
      return <GeoJsonViewer fileRef={fileRef} file={file} />;
    case 'pdf':
      return (
        <PdfViewer
          fileRef={fileRef}
          mode={mode}
          title={intl.formatMessage({ id: 'files.pdf.title' }, { path: file.path })}
          download={download}
        />
      );
    case 'video':
    case 'audio':
      return (
        <MediaViewer
          kind={kind}
          fileRef={fileRef}
          mode={mode}
          mediaType={file.mediaType}
          title={intl.formatMessage({ id: `files.media.${kind}` }, { path: file.path })}
          fallback={download}
        />
      );
  }
}

/**
 * Shows a file with the viewer its media type calls for (model/viewer-kind.ts). For an index
 * file whose media type says nothing viewable, the server's preview type decides.
 */
export function FileViewer({ id, bundle, file, mode }: FileViewerProps) {
  const { client } = useAccess();
  const intl = useIntl();
  // One object per file, so the viewers' loads run once per file, not once per render.
  const fileRef = useMemo(() => ({ id, bundle, path: file.path }), [id, bundle, file.path]);
  const byType = viewerKind(file);
  const askServer = byType === 'none' && file.index;
  const loadPreviewType = useCallback(
    () => getPreviewType(client, id).catch(() => 'none' as const),
    [client, id],
  );
  const preview = useLoaded(askServer ? loadPreviewType : null);
  if (askServer && preview.loading) {
    return (
      <Loader
        size="sm"
        role="status"
        aria-label={intl.formatMessage({ id: 'files.viewer.loading' })}
      />
    );
  }
  const kind = askServer ? viewerKind(file, preview.data) : byType;
  return <ViewerOf kind={kind} fileRef={fileRef} file={file} mode={mode} />;
}
