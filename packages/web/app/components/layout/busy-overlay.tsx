import { Loader } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { type ActivityCounter, blockingActivity } from '../../lib/progress/activity';
import classes from './busy-overlay.module.css';

/**
 * The full-screen spinner of SPEC §2, shown while `counter` has work in flight.
 *
 * Decisions:
 * - It follows only requests sent with `blocking: true` (`blockingActivity`), not every
 *   request: role checks, look-ups and polling run in the background all the time, and a
 *   full-screen spinner flashing for each of them would be noise. The loading bar shows all
 *   requests.
 * - It never blocks: `pointer-events: none`, `inert`, no focusable element, no focus trap,
 *   no `aria-modal`. The spinner only says "wait"; whatever must not happen twice (a second
 *   save) is disabled by its own form.
 * - Screen readers hear a translated "loading" once, politely, from a live region that is
 *   always in the page (a region that appears together with its text is often not read).
 */
export function BusyOverlay({ counter = blockingActivity }: { counter?: ActivityCounter }) {
  const intl = useIntl();
  const busy = useSyncExternalStore(
    counter.subscribe,
    () => counter.getSnapshot() > 0,
    () => false,
  );
  return (
    <>
      <div role="status" aria-live="polite" className="visually-hidden-focusable">
        {busy ? intl.formatMessage({ id: 'progress.busy' }) : ''}
      </div>
      {busy && (
        <div
          className={classes.overlay}
          // Inline so the promise "never blocks a click" does not depend on a stylesheet.
          style={{ pointerEvents: 'none' }}
          data-busy-overlay=""
          aria-hidden="true"
          inert
        >
          <div className={classes.spinner}>
            <Loader size="lg" />
          </div>
        </div>
      )}
    </>
  );
}
