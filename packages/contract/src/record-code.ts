import { z } from 'zod';
import { recordLimits } from './record-rules.js';

/**
 * In a module of its own, so that the classification schemas (which the editor's pickers
 * check their lists with) do not evaluate the whole record's.
 */

/** A code of a classification node (e.g. `geoscientificInformation`, `dl-de-by-2.0`). */
export const Code = z
  .string()
  .regex(/^[A-Za-z0-9][\w.:-]*$/, 'is not a code')
  .max(recordLimits.codeMax);
