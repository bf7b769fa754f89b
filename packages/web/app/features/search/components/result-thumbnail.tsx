import { useState } from 'react';
import { useImageSource } from '../../../lib/http/use-image-source';
import classes from './search.module.css';

/** A neutral picture of a map sheet for records without a thumbnail. */
function MapIcon() {
  return (
    <svg
      width="32"
      height="32"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3z" />
      <path d="M9 3v15M15 6v15" />
    </svg>
  );
}

/**
 * The hit's thumbnail, decorative (the title beside it names the record): published records'
 * pictures load as they are, others through the client with the user's token. Without one,
 * or when it cannot load, a neutral icon of the same size.
 */
export function ResultThumbnail({
  url,
  published,
}: {
  url: string | undefined;
  published: boolean;
}) {
  const src = useImageSource(url, published ? 'plain' : 'fetched');
  const [broken, setBroken] = useState(false);
  return (
    <span className={classes.thumbnail} aria-hidden="true">
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />
      ) : (
        <MapIcon />
      )}
    </span>
  );
}
