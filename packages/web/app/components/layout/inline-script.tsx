/**
 * A constant script of our own, written into the page with its nonce (the content security
 * policy allows no other inline script). Its text never changes and it has done its work
 * before React hydrates the page, so hydration leaves it alone.
 *
 * `asyncModule` writes it as an async module script: one that runs as soon as it is parsed,
 * not held back by the stylesheets before it (a classic script waits for them, and then
 * holds the first paint). Written `async="" type="module"`, unlike React Router's module
 * script, so the server does not hold it until the paint (lib/scripts-after-paint.ts).
 */
export function InlineScript({
  code,
  nonce,
  asyncModule = false,
}: {
  code: string;
  nonce?: string | undefined;
  asyncModule?: boolean;
}) {
  return (
    <script
      {...(asyncModule ? { async: true, type: 'module' } : {})}
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}
