import { useRef, useState } from 'react';

/** A translated field message: the key and its ICU values. */
export type FieldMessage = { id: string; values?: Record<string, number> };

/**
 * Values, messages and input elements of a form's text fields. Typing in a field clears its
 * message; showing messages moves the focus to the first field that has one, so keyboard
 * and screen-reader users land where the problem is.
 */
export function useFormFields<F extends string>(fields: readonly F[], initial: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, FieldMessage>>>({});
  const inputs = useRef<Partial<Record<F, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const showErrors = (next: Partial<Record<F, FieldMessage>>) => {
    setErrors(next);
    const first = fields.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  };

  const handleChange = (field: F) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Puts the form back to `next` values without messages (after loading or saving). */
  const reset = (next: Record<F, string>) => {
    setValues(next);
    setErrors({});
  };

  return { values, errors, inputs, showErrors, handleChange, reset, setValues };
}
