import { HttpRequestError } from './http-error';

/**
 * What an answer is checked against: a zod schema from `@geoportal/contract`, or anything
 * else with the same `safeParse`. Described by shape so that the web package needs no zod
 * import of its own.
 */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** The request options that make a client check its answer against a schema. */
export interface AnswerCheck<T> {
  /**
   * The contract schema of the answer: the client answers the parsed value, and a mismatch
   * fails the call (an `HttpRequestError`) instead of showing half a record.
   */
  schema: AnswerSchema<T>;
  /**
   * How the failure names a mismatching answer, after "The server answered with ", e.g.
   * `an invalid record`; defaults to `an invalid answer`.
   */
  invalid?: string;
}

/**
 * Checks `data` against `schema`. A mismatch throws the clients' usual `HttpRequestError`
 * with the answer's status and its text as body, so `errorText` shows the sentence as it is.
 */
export function checkAnswer<T>(
  data: unknown,
  { schema, invalid = 'an invalid answer' }: AnswerCheck<T>,
  status: number,
  statusText = '',
): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const message = `The server answered with ${invalid}.`;
  throw new HttpRequestError(status, message, message, statusText);
}
