import { HttpRequestError } from './http-error';

/** The part of react-intl's `formatMessage` used here; `useIntl().formatMessage` fits. */
export type FormatMessage = (descriptor: { id: string }) => string;

/** Translations by key, e.g. `useIntl().messages`. */
export type MessageRecord = Readonly<Record<string, unknown>>;

/** Whether `messages` holds a translation for `key` (inherited properties do not count). */
export function hasTranslation(messages: MessageRecord, key: string): boolean {
  return Object.hasOwn(messages, key);
}

/**
 * The text to show for a failed request (SPEC §8), in the user's language where possible:
 * 0. an answer with a stable `code` that has a translation `error.{code}` shows that
 *    translation (DESIGN §4: codes map to translation keys; the server's `message` is
 *    English);
 * 1. a browser-side error (network failure: `fetch` rejects with a `TypeError`, no status)
 *    shows its own message;
 * 2. an answer with a status or a body shows the body's `message` field, or the body itself
 *    when it is a string, else the translation `alert.network.error.{status}` if one exists;
 * 3. with nothing to go on, the translation `alert.network.unknown`.
 *
 * SPEC §8 only logs the remaining cases; a caller that shows a toast still needs a text, so
 * they end in step 3 as well rather than in an empty toast.
 */
export function errorText(
  error: unknown,
  formatMessage: FormatMessage,
  messages: MessageRecord,
): string {
  if (error instanceof HttpRequestError) {
    const { body, status } = error;
    const code = typeof body === 'object' ? body?.code : undefined;
    if (code && hasTranslation(messages, `error.${code}`))
      return formatMessage({ id: `error.${code}` });
    const message = typeof body === 'string' ? body : body?.message;
    if (message?.trim()) return message;
    const key = `alert.network.error.${status}`;
    if (status && hasTranslation(messages, key)) return formatMessage({ id: key });
  } else if (error instanceof Error && error.message) {
    return error.message;
  }
  return formatMessage({ id: 'alert.network.unknown' });
}
