import { z } from 'zod';

/**
 * The part of the server configuration the web application needs. The server hands it to
 * the renderer for each request; the root route passes the browser-safe part on to the client.
 */
export const WebConfig = z.object({
  /** API base the browser uses, e.g. `/api/v1`. */
  apiBase: z.string(),
  /** API base used while rendering on the server, e.g. `http://127.0.0.1:8085/api/v1`. */
  ssrApiBase: z.string(),
  /** Public address of the site for canonical links. */
  publicUrl: z.string(),
  /** Whether the username/password login form is offered. */
  formLogin: z.boolean(),
});
export type WebConfig = z.infer<typeof WebConfig>;
