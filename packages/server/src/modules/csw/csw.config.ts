import { z } from 'zod';

/**
 * Configuration of the catalogue service (`/csw`), parsed by `config.ts` from `CSW_MAX_RECORDS`.
 * How the service describes itself (title, abstract, keywords, provider, contact, default
 * language) is the catalogue's identity, `config.catalogue` (`catalogue.config.ts`): the
 * `CATALOGUE_*` variables, which fall back to the `CSW_*` names they had before.
 */
export interface CswConfig {
  /** Most records one GetRecords answers (`CSW_MAX_RECORDS`, default 100); larger asks are cut. */
  maxRecords: number;
}

/** The `CSW_*` variables of the service itself; `config.ts` adds them to the environment. */
export const CswEnvironment = {
  CSW_MAX_RECORDS: z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .refine((n) => n > 0 && n <= 1000, 'must be a whole number from 1 to 1000')
    .optional(),
};

type CswVariables = {
  [K in keyof typeof CswEnvironment]?: z.output<(typeof CswEnvironment)[K]>;
};

/** The configuration from the parsed variables. */
export function cswConfig(e: CswVariables): CswConfig {
  return { maxRecords: e.CSW_MAX_RECORDS ?? 100 };
}
