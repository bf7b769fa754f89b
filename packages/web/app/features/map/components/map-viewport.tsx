import { VisuallyHidden } from '@mantine/core';
import { type ReactNode, type RefObject, useId } from 'react';
import { useIntl } from 'react-intl';
import classes from '../../../components/map/map.module.css';

export interface MapViewportProps {
  /** The element OpenLayers draws into. */
  targetRef: RefObject<HTMLDivElement | null>;
  /** Extra description read after the keyboard hint. */
  hint?: string;
  /** Overlays OpenLayers positions (popups); they live inside the viewport. */
  children?: ReactNode;
}

/**
 * The home page's map viewport: the focusable, named region OpenLayers draws into. Once
 * focused, arrow keys pan and + and − zoom; Tab leaves. Its focus ring is drawn inside, so the
 * map's edges never clip it.
 */
export function MapViewport({ targetRef, hint, children }: MapViewportProps) {
  const intl = useIntl();
  const hintId = useId();
  const description = [intl.formatMessage({ id: 'map.keyboardHint' }), hint ?? ''].join(' ').trim();
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: OpenLayers draws into this element; a
          focusable region gives its keyboard interactions (arrows, + and −) their key events. */}
      <div
        ref={targetRef}
        className={classes.target}
        role="region"
        aria-label={intl.formatMessage({ id: 'map.region' })}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above; the map must take focus.
        tabIndex={0}
        data-testid="map-viewport"
      >
        {children}
      </div>
      <VisuallyHidden id={hintId}>{description}</VisuallyHidden>
    </>
  );
}
