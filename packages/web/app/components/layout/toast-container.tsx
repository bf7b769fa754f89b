import { useNotifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { setToastCloseLabel } from '../../lib/toast';

type ToastListModule = typeof import('./toast-list');

let loaded: ToastListModule | undefined;
let loading: Promise<ToastListModule> | undefined;

/**
 * Loads the toast container's chunk once for the page; a failed load is tried again with the
 * next toast.
 */
export function loadToastList(): Promise<ToastListModule> {
  loading ??= import('./toast-list').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The page's one toast container (SPEC §9): bottom right, at most three open with the rest
 * queued, 10000 ms, fading over 300 ms. It also gives every toast's close button its
 * translated name.
 *
 * Most pages never show a toast: the container (Mantine's Notifications with its transitions)
 * is its own chunk, asked for when the first toast is there, not part of the first script.
 * Toasts wait in the store until it has come; the store already holds the container's limit
 * and position (lib/toast.ts). The server and the hydration render nothing here.
 */
export function ToastContainer() {
  const intl = useIntl();
  const closeLabel = intl.formatMessage({ id: 'toast.close' });
  useEffect(() => setToastCloseLabel(closeLabel), [closeLabel]);
  const { notifications, queue } = useNotifications();
  const pending = notifications.length + queue.length > 0;
  const [list, setList] = useState<ToastListModule | undefined>(loaded);
  useEffect(() => {
    if (!pending || list) return;
    loadToastList().then(setList, () => {
      // The chunk did not come: the toasts stay in the store, the next one tries again.
    });
  }, [pending, list]);
  // Once there it stays: the exit transitions need it after the last toast has gone.
  return list ? <list.default /> : null;
}
