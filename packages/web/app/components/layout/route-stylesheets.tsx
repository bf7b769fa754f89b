import { useContext } from 'react';
import { UNSAFE_FrameworkContext as FrameworkContext, Links, useMatches } from 'react-router';

/**
 * The stylesheets of the matched routes, as React Router's `<Links>` would render them, but
 * with a precedence, which makes them stylesheet resources for React: it writes them at the
 * top of the head, before the module preloads of `<Scripts>`. Without it React wrote the
 * 40–80 module preloads first; over HTTP/1.1's six connections per host the stylesheets then
 * queued behind the scripts, and the first paint waited for them (bench:lighthouse, issue 22).
 * On a navigation React also waits for a new route's stylesheet before showing the route.
 *
 * No route exports `links`, so the manifest's stylesheets are all `<Links>` rendered. Where
 * the framework's context is missing (a route rendered on its own in a test) or the
 * development server inlines its critical CSS, `<Links>` renders them as before.
 */
export function RouteStylesheets({ nonce }: { nonce?: string }) {
  const framework = useContext(FrameworkContext);
  const matches = useMatches();
  if (!framework || framework.criticalCss) return <Links nonce={nonce} />;
  const hrefs = new Set(matches.flatMap((match) => framework.manifest.routes[match.id]?.css ?? []));
  return [...hrefs].map((href) => (
    <link key={href} rel="stylesheet" href={href} precedence="default" nonce={nonce} />
  ));
}
