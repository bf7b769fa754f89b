import { notifications } from '@mantine/notifications';

/** Toast types of SPEC §9; the title is the translation `alert.type.{type}`. */
export type ToastType = 'info' | 'success' | 'warning' | 'error';

/** Product rules for toasts (SPEC §9). */
export const toastRules = {
  /** Longer messages are cut to 253 characters plus three dots. */
  maxMessageLength: 256,
  autoCloseMs: 10_000,
  maxOpen: 3,
  position: 'bottom-right',
} as const;

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

const open = new Set<string>();

/**
 * Shows a toast unless the same one (type and message) is already open or waiting. At most
 * three are open; further ones wait in the queue of the notification container.
 */
export function showToast(type: ToastType, title: string, message: string): void {
  const text = truncateMessage(message);
  const id = `${type}:${text}`;
  if (open.has(id)) return;
  open.add(id);
  notifications.show({
    id,
    title,
    message: text,
    color: colors[type],
    autoClose: toastRules.autoCloseMs,
    withCloseButton: true,
    onClose: () => open.delete(id),
  });
}
