import { z } from 'zod';

/**
 * The link check (issue 20, job kind `links.check`): what the last check found for each
 * online-resource URL of a record. Shown to those who may edit the record only.
 */
export const linkStates = ['ok', 'broken', 'unreachable', 'refused'] as const;
export const LinkState = z.enum(linkStates);
export type LinkState = z.infer<typeof LinkState>;

export const LinkStatus = z
  .object({
    url: z.string(),
    /**
     * `ok`: a 2xx or 3xx answer; `broken`: an error status (`httpStatus`); `unreachable`: no
     * answer (name, connection, time limit, redirects); `refused`: the address rule of the
     * map proxy does not allow the address (private, link-local, metadata service).
     */
    status: LinkState,
    httpStatus: z.number().int().nullable(),
    detail: z.string().nullable(),
    checkedAt: z.string(),
  })
  .meta({ id: 'LinkStatus' });
export type LinkStatus = z.infer<typeof LinkStatus>;
