import { ActionIcon, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FileSource } from '../../hooks/use-file-source';
import classes from '../files.module.css';
import { ViewerFailure } from './viewer-failure';

/** Zoom limits relative to the fitted size (1 = as wide as the frame, or natural size). */
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 8;
/** One step of the buttons and the + and − keys. */
export const ZOOM_STEP = 1.25;

export const clampZoom = (zoom: number) =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100));

/**
 * An image that zooms: buttons, the keys + − and 0 in the focused frame, Ctrl + wheel (also a
 * touchpad pinch) and a two-finger pinch on touch screens. When zoomed in, the frame scrolls;
 * the arrow keys scroll it as any focused scrolling area.
 */
export function ImageViewer({
  source,
  alt,
  label,
}: {
  source: FileSource;
  /** The image's text alternative. */
  alt: string;
  /** The name of the zoomable frame. */
  label: string;
}) {
  const intl = useIntl();
  const hintId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const [broken, setBroken] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    setFrameWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFrameWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Ctrl + wheel zooms; React's wheel listener is passive and could not keep the page from
  // zooming as a whole.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      setZoom((current) => clampZoom(current * (event.deltaY < 0 ? 1.1 : 1 / 1.1)));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const zoomIn = () => setZoom((current) => clampZoom(current * ZOOM_STEP));
  const zoomOut = () => setZoom((current) => clampZoom(current / ZOOM_STEP));
  const reset = () => setZoom(1);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') zoomIn();
    else if (event.key === '-' || event.key === '−') zoomOut();
    else if (event.key === '0') reset();
    else return;
    event.preventDefault();
  };

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch') return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom };
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = pinch.current;
    if (start && start.distance > 0) setZoom(clampZoom(start.zoom * (distance() / start.distance)));
  };
  const handlePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const fitted = natural ? Math.min(natural.width, frameWidth || natural.width) : undefined;
  const width = fitted ? Math.round(fitted * zoom) : undefined;
  const percent = Math.round(zoom * 100);

  if (source.error !== undefined || broken) return <ViewerFailure error={source.error} />;

  return (
    <div>
      <Group gap="xs" mb="xs">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={zoomOut}
          disabled={zoom <= ZOOM_MIN}
          aria-label={intl.formatMessage({ id: 'files.image.zoomOut' })}
        >
          <span aria-hidden="true">−</span>
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={zoomIn}
          disabled={zoom >= ZOOM_MAX}
          aria-label={intl.formatMessage({ id: 'files.image.zoomIn' })}
        >
          <span aria-hidden="true">+</span>
        </ActionIcon>
        <Button variant="default" onClick={reset} disabled={zoom === 1}>
          <FormattedMessage id="files.image.zoomReset" />
        </Button>
        <Text size="sm" role="status">
          <FormattedMessage id="files.image.zoomLevel" values={{ percent }} />
        </Text>
      </Group>
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling frame must take focus for its
          keys (+ − 0, arrows); a region with a name tells screen readers what it holds. */}
      <div
        ref={frame}
        className={classes.imageFrame}
        role="region"
        aria-label={label}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
        onKeyDown={handleKeyDown}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerUp}
      >
        {source.src ? (
          <img
            src={source.src}
            alt={alt}
            className={classes.image}
            style={width ? { width } : { maxWidth: '100%' }}
            onLoad={(event) =>
              setNatural({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
            onError={() => setBroken(true)}
            draggable={false}
          />
        ) : (
          <Group justify="center" p="md">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm" role="status">
              <FormattedMessage
                id="files.viewer.loadingPercent"
                values={{ percent: source.percent ?? 0 }}
              />
            </Text>
          </Group>
        )}
      </div>
      <VisuallyHidden id={hintId}>
        <FormattedMessage id="files.image.keyboardHint" />
      </VisuallyHidden>
    </div>
  );
}
