import { WARM_UP_INTL } from '../../lib/intl-warm-up';

/**
 * The inline script that loads the browser's locale data while the stylesheets download
 * (lib/intl-warm-up.ts). Rendered first in the `<head>`, before the stylesheets, so that it
 * does not wait for them.
 */
export function WarmUpIntl({ nonce }: { nonce?: string | undefined }) {
  return (
    <script
      // An async module script is not held back by the stylesheets before it (a classic one
      // would wait for them and then delay the first paint). Written as `async="" type=…`,
      // unlike React Router's module script, so the server does not hold it until the paint.
      async
      type="module"
      nonce={nonce}
      // Its text is constant, and it has done its work before React hydrates the page.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own
      dangerouslySetInnerHTML={{ __html: WARM_UP_INTL }}
    />
  );
}
