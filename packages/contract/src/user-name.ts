import { z } from 'zod';
import { accessLimits } from './access-names.js';

/**
 * A user's name, the sign-in name. In a module of its own so that the record's schemas
 * (`object.ts`, the owner's name) do not load every access schema into a page that shows
 * a record.
 */
export const UserName = z
  .string()
  .trim()
  .min(1)
  .max(accessLimits.userNameMax)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'may contain letters, digits and . _ @ - only');
