import { useState } from 'react';
import type { FileRef } from '../api/file-paths';
import { useFileSource } from '../hooks/use-file-source';
import type { SourceMode } from '../model/file-source';
import classes from './files.module.css';

/**
 * A small picture of an image or of a PDF's first page, rendered by the server
 * (`/object/preview/thumbnail/…`). Decorative: the file's name is the link beside it. A file
 * the server cannot render leaves the box empty, so the list does not jump.
 */
export function FileThumbnail({ fileRef, mode }: { fileRef: FileRef; mode: SourceMode }) {
  const source = useFileSource(fileRef, mode, 'thumbnail');
  const [broken, setBroken] = useState(false);
  return (
    <span className={classes.thumbnail} aria-hidden="true">
      {source.src && !broken && (
        <img
          src={source.src}
          alt=""
          loading="lazy"
          decoding="async"
          className={classes.thumbnailImage}
          onError={() => setBroken(true)}
        />
      )}
    </span>
  );
}
