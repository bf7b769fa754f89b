import { z } from 'zod';

export { ErrorCode } from './error-codes.js';

/** One offending input field of a 400 answer: where it is and what is wrong with it. */
export const FieldError = z.object({
  path: z.string().describe('Location of the field, e.g. "body.metadata.title.en"'),
  message: z.string(),
  reason: z
    .string()
    .optional()
    .describe('A stable key of the problem, e.g. "unclosedQuote", for a translated text'),
  values: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe('The values the translated text of `reason` names'),
  position: z
    .number()
    .int()
    .optional()
    .describe('Where in the field the problem is (0-based character offset)'),
});
export type FieldError = z.infer<typeof FieldError>;

/** The uniform error body of every non-2xx answer under /api/v1 (DESIGN §4). */
export const ErrorBody = z
  .object({
    status: z.number().int().min(400).max(599),
    code: z.string().describe('Stable machine-readable code; maps to a translation key'),
    message: z.string().describe('Readable English sentence'),
    fields: z.array(FieldError).optional().describe('Offending fields of a validation error'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
