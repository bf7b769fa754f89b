/**
 * Zod compiles its object parsers with `new Function` where it may, and to learn whether it
 * may it tries one at the first `z.object()`. The page's Content-Security-Policy (no
 * 'unsafe-eval') refuses it; zod catches that, but the browser still reports the violation
 * (Lighthouse's best practices: "Issues were logged in the Issues panel"). With `jitless` it
 * never tries. Zod keeps its configuration in this global (zod/v4/core `globalConfig`, which
 * adopts an object that is already there); setting it here rather than through zod's
 * `config()` keeps zod's core out of the first script of the page. Browser only: the server
 * (the same zod in the same process) keeps its compiled parsers. Imported first by the root,
 * before any schema is defined.
 */
export function makeZodJitless(): void {
  const scope = globalThis as typeof globalThis & {
    __zod_globalConfig?: { jitless?: boolean };
  };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}

if (!import.meta.env.SSR) makeZodJitless();
