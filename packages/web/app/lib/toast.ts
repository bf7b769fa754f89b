import { type NotificationsProps, notifications, notificationsStore } from '@mantine/notifications';

/** Toast types of SPEC §9; the title is the translation `alert.type.{type}`. */
export type ToastType = 'info' | 'success' | 'warning' | 'error';

/**
 * The toast library defaults of SPEC §9, kept for reference and for any second toast
 * container. The product overrides several of them in `toastRules`: the timeout (10000 ms),
 * the position (bottom right) and the close button (on). The ease time, progress bar and tap
 * to dismiss are used as they are. "Extended timeout" and "newest on top" have no
 * counterpart in Mantine: hovering pauses the timer instead of extending it, and the
 * container orders toasts itself.
 */
export const toastDefaults = {
  timeoutMs: 5000,
  extendedTimeoutMs: 1000,
  easeMs: 300,
  position: 'top-right',
  newestOnTop: true,
  closeButton: false,
  progressBar: false,
  tapToDismiss: true,
} as const;

/** Product rules for toasts (SPEC §9). */
export const toastRules = {
  /** Longer messages are cut to 253 characters plus three dots. */
  maxMessageLength: 256,
  autoCloseMs: 10_000,
  /** Further toasts wait in the container's queue until one of these closes. */
  maxOpen: 3,
  position: 'bottom-right',
  /** Toasts fade in and out over the ease time (SPEC §4). */
  transitionMs: toastDefaults.easeMs,
  closeButton: true,
  tapToDismiss: toastDefaults.tapToDismiss,
  progressBar: toastDefaults.progressBar,
} as const;

/**
 * Props of the one `<Notifications>` container (`components/layout/toast-container.tsx`
 * renders it with these): at most three open, the rest queued; bottom right; auto-dismiss
 * after 10000 ms; fade over 300 ms.
 */
export const toastContainerProps = {
  position: toastRules.position,
  limit: toastRules.maxOpen,
  autoClose: toastRules.autoCloseMs,
  transitionDuration: toastRules.transitionMs,
  withAutoCloseProgress: toastRules.progressBar,
} satisfies NotificationsProps;

// The container is loaded with the first toast (toast-container.tsx) and sets its limit and
// position only then; the store holds them from the start, so that a burst of toasts before
// it has come opens three and queues the rest as it always does.
notificationsStore.updateState((state) => ({
  ...state,
  limit: toastRules.maxOpen,
  defaultPosition: toastRules.position,
}));

const colors: Record<ToastType, string> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

/** Cuts a message over 256 characters to 253 plus three dots. */
export function truncateMessage(message: string): string {
  return message.length > toastRules.maxMessageLength
    ? `${message.slice(0, toastRules.maxMessageLength - 3)}...`
    : message;
}

/**
 * `toast` shows toasts; `console` only logs them (SPEC §9): warnings as warnings, errors as
 * errors, info and success not at all. For tests, scripts and embeddings without a toast
 * container.
 */
export type ToastMode = 'toast' | 'console';

let mode: ToastMode = 'toast';
// Set from the translations by the toast container; the title serves until then.
let closeLabel: string | undefined;
let sequence = 0;
/** Type and message of each toast shown → its notification id. */
const shown = new Map<string, string>();

/** Switches between showing toasts and logging them only. */
export function setToastMode(next: ToastMode): void {
  mode = next;
}

/** The current toast mode. */
export function getToastMode(): ToastMode {
  return mode;
}

/** The accessible name of every toast's close button (translated by the container). */
export function setToastCloseLabel(label: string): void {
  closeLabel = label;
}

/** Whether a notification is still open or waiting in the queue of the container. */
function isPending(id: string): boolean {
  const { notifications: open, queue } = notificationsStore.getState();
  return open.some((item) => item.id === id) || queue.some((item) => item.id === id);
}

function logToConsole(type: ToastType, title: string, message: string): void {
  if (type === 'warning') console.warn(`${title}: ${message}`);
  else if (type === 'error') console.error(`${title}: ${message}`);
}

/**
 * Shows a toast unless the same one (type and message) is already open or waiting, and
 * answers its id (undefined in console mode). At most three are open; further ones wait in
 * the queue of the container and show when one closes. A toast closes after 10000 ms, on a
 * click or tap anywhere on it, or with its close button.
 */
export function showToast(type: ToastType, title: string, message: string): string | undefined {
  const text = truncateMessage(message);
  if (mode === 'console') {
    logToConsole(type, title, text);
    return undefined;
  }
  const key = `${type}\u0000${text}`;
  const existing = shown.get(key);
  // The store, not the map, says whether it is still there: clean() closes without onClose.
  if (existing !== undefined && isPending(existing)) return existing;
  sequence += 1;
  const id = `toast-${sequence}`;
  shown.set(key, id);
  notifications.show({
    id,
    title,
    message: text,
    color: colors[type],
    // Errors and warnings interrupt a screen reader; info and success wait their turn.
    role: type === 'error' || type === 'warning' ? 'alert' : 'status',
    autoClose: toastRules.autoCloseMs,
    withCloseButton: toastRules.closeButton,
    closeButtonProps: { 'aria-label': closeLabel ?? title },
    onClick: () => {
      // Tap to dismiss (SPEC §9), but selecting the text to copy it is not a tap.
      if (toastRules.tapToDismiss && !window.getSelection()?.toString()) notifications.hide(id);
    },
    onClose: () => {
      if (shown.get(key) === id) shown.delete(key);
    },
  });
  return id;
}

/**
 * Closes a toast that `showToast` opened, open or still waiting in the queue; an id that is
 * already gone (or undefined, as in console mode) is ignored. For a failure that a later
 * success makes obsolete, e.g. a failed sign-in once the next attempt succeeds.
 */
export function hideToast(id: string | undefined): void {
  if (id !== undefined && isPending(id)) notifications.hide(id);
}
