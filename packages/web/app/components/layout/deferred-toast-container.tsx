import { notificationsStore } from '@mantine/notifications';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { whenIdleAfterLoad } from '../../lib/idle';
import { setToastMode } from '../../lib/toast';

const ToastContainer = lazy(() =>
  import('./toast-container').then((module) => ({ default: module.ToastContainer })),
);

/** The container loads at the latest this long after the page (if no toast came first). */
const LOAD_AT_THE_LATEST_MS = 10_000;

/**
 * When the container's chunk cannot be loaded (offline, or a new deployment removed the old
 * file), the page must go on: toasts are then only logged (SPEC §9's console mode).
 */
class ToastLoadBoundary extends Component<{ children: ReactNode }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    setToastMode('console');
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The toast container, loaded after the first page: its animations are not part of the first
 * script every page needs (the map page's budget). It loads when the browser is idle after
 * the page has loaded, or at once when a toast is shown earlier; toasts shown meanwhile wait
 * in the store and appear when it is there.
 */
export function DeferredToastContainer() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const { notifications, queue } = notificationsStore.getState();
    if (notifications.length + queue.length > 0) {
      want();
      return;
    }
    const unsubscribe = notificationsStore.subscribe(want);
    const cancelIdle = whenIdleAfterLoad(want, LOAD_AT_THE_LATEST_MS);
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [wanted]);
  return wanted ? (
    <ToastLoadBoundary>
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
    </ToastLoadBoundary>
  ) : null;
}
