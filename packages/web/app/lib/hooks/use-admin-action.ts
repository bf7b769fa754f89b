import { useState } from 'react';
import { useIntl } from 'react-intl';
import { errorText } from '../http/error-text';
import { useToast } from '../use-toast';

/**
 * Runs one administrative action: shows a success toast with `doneKey` (values filled in;
 * none for a mere read)
 * or an error toast with the server's reason in the user's language, and tells whether it
 * is running. Answers the action's result, or undefined when it failed.
 */
export function useAdminAction() {
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run<T>(
    action: () => Promise<T>,
    doneKey: string | null,
    values: Record<string, string> = {},
  ): Promise<T | undefined> {
    setBusy(true);
    setFailure(null);
    try {
      const result = await action();
      if (doneKey) toast.success(intl.formatMessage({ id: doneKey }, values));
      return result;
    } catch (error) {
      const text = errorText(error, intl.formatMessage, intl.messages);
      setFailure(text);
      toast.error(text);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, failure, clearFailure: () => setFailure(null) };
}
