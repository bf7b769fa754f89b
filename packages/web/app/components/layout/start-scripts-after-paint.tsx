import { START_SCRIPTS_AFTER_PAINT } from '../../lib/scripts-after-paint';

/**
 * The inline script that fetches and runs the page's module scripts once the page has been
 * painted (lib/scripts-after-paint.ts). Rendered right after React Router's `<Scripts>`.
 */
export function StartScriptsAfterPaint({ nonce }: { nonce?: string | undefined }) {
  return (
    <script
      nonce={nonce}
      // Its text is constant, and it has done its work before React hydrates the page.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own
      dangerouslySetInnerHTML={{ __html: START_SCRIPTS_AFTER_PAINT }}
    />
  );
}
