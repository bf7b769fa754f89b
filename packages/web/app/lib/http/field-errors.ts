import { ErrorCode } from '@geoportal/contract/errors';
import type { z } from 'zod';
import { HttpRequestError } from './http-error';

/** A field's message: a translation key (with values) shown under the field. */
export type FieldMessage = { id: string; values?: Record<string, string | number> };

/**
 * Messages of the fields a contract schema refuses, one per field: the translation key
 * `<prefix>.<field>` says what the field needs.
 */
export function schemaErrors<F extends string>(
  error: z.ZodError | undefined,
  prefix: string,
): Partial<Record<F, FieldMessage>> {
  const errors: Partial<Record<F, FieldMessage>> = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0]) as F;
    errors[field] ??= { id: `${prefix}.${field}` };
  }
  return errors;
}

/**
 * Messages of the fields a 400/409 answer names (`body.name`, …): the translation of the
 * answer's code when it has one (`error.user.exists`), else the field's own rule.
 */
export function answerErrors<F extends string>(
  error: unknown,
  prefix: string,
  messages: Readonly<Record<string, unknown>>,
): Partial<Record<F, FieldMessage>> {
  const errors: Partial<Record<F, FieldMessage>> = {};
  if (!(error instanceof HttpRequestError) || typeof error.body !== 'object') return errors;
  const { code, fields = [] } = error.body;
  const specific = code !== ErrorCode.validation && Object.hasOwn(messages, `error.${code}`);
  for (const { path } of fields) {
    const field = path.replace(/^body\./, '').split('.')[0] as F;
    errors[field] = specific ? { id: `error.${code}` } : { id: `${prefix}.${field}` };
  }
  return errors;
}
