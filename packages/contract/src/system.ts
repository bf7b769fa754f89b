import { z } from 'zod';

/** Answer of GET /api/v1/health. */
export const Health = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['up', 'down']),
    version: z.string(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;

/** Content of /assets/git.json, written at build time. */
export const GitInfo = z
  .object({
    commit: z.string().describe('Full commit hash, or "unknown" outside a git checkout'),
    branch: z.string(),
    buildTime: z.string().describe('ISO 8601 time of the build'),
    version: z.string().describe('Product version from package.json'),
  })
  .meta({ id: 'GitInfo' });
export type GitInfo = z.infer<typeof GitInfo>;
