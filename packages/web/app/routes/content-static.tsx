import { data, isRouteErrorResponse } from 'react-router';
import { ErrorPage } from '../components/layout/error-page';
import { getContentPage } from '../features/content/api/get-content-page.server';
import { ContentArticle } from '../features/content/components/content-article';
import { ContentNotFound } from '../features/content/components/content-not-found';
import { languageOf } from '../lib/i18n.server';
import { metaFor } from '../lib/page-meta';
import { webConfigContext } from '../lib/web-config-context';
import type { Route } from './+types/content-static';

/**
 * The page in the visitor's language, fetched from the API while rendering on the server.
 * No such page, or a name with path tricks, is a 404 with the friendly not-found page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  const page = await getContentPage(config.ssrApiBase, languageOf(request), params.fileName);
  if (!page) throw data(null, { status: 404, statusText: 'Not Found' });
  return page;
}

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/** The page's own title plus the product suffix; on the error pages, theirs. */
export function meta(args: Route.MetaArgs) {
  return metaFor(
    args,
    (t) =>
      args.loaderData?.title ??
      t(isNotFound(args.error) ? 'content.notFound.title' : 'error.page.title'),
  );
}

/** The title of a page's loader data, if the data is a page. */
function titleOf(loaderData: unknown): string | undefined {
  const title = (loaderData as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
}

/**
 * `breadcrumb` in its function form: called with this route's loader data, it answers the
 * label itself instead of naming a translation key, because the label is the page's own
 * title. Without data (the not-found page) it answers undefined and the crumb is left out.
 */
export const handle = { breadcrumb: titleOf };

export default function ContentStaticRoute({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData} />;
}

/** Unknown pages get the friendly not-found page; anything else the general error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isNotFound(error) ? <ContentNotFound /> : <ErrorPage />;
}
