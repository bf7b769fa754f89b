import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { showToast, type ToastType } from './toast';

/** Options of one toast. */
export interface ToastOptions {
  /** A title instead of the translated type (`alert.type.{type}`). */
  title?: string;
}

/** Shows a toast of one type; answers its id (undefined when suppressed to the console). */
export type ShowToast = (message: string, options?: ToastOptions) => string | undefined;

/** One function per toast type of SPEC §9. */
export type Toasts = Record<ToastType, ShowToast>;

/**
 * Toast functions whose title is the translated type (`alert.type.error` → "Fehler"), with
 * the rules of `showToast`: no duplicates, at most three open, 10000 ms, tap to dismiss.
 */
export function useToast(): Toasts {
  const intl = useIntl();
  return useMemo(() => {
    const of =
      (type: ToastType): ShowToast =>
      (message, options) =>
        showToast(
          type,
          options?.title ?? intl.formatMessage({ id: `alert.type.${type}` }),
          message,
        );
    return { info: of('info'), success: of('success'), warning: of('warning'), error: of('error') };
  }, [intl]);
}
