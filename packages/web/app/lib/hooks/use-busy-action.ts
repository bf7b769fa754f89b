import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorText } from '../http/error-text';
import { useToast } from '../use-toast';

/**
 * A click that starts work the user waits for (a download being prepared): a second click
 * while it runs does nothing, and a failure is told in an error toast in the user's language.
 * `busy` is for the control's `aria-busy`/`aria-disabled`.
 */
export function useBusyAction(work: () => Promise<void>): { busy: boolean; run: () => void } {
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // A ref, not the state: two clicks within one render both see the state before either.
  const running = useRef(false);
  const run = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    work()
      .catch((error: unknown) => {
        toast.error(errorText(error, intl.formatMessage, intl.messages));
      })
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  }, [work, toast, intl]);
  return { busy, run };
}
