import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { AppProviders } from './components/layout/app-providers';
import { ErrorPage } from './components/layout/error-page';
import { PageFrame } from './components/layout/page-frame';
import { GuardedOutlet } from './features/access/components/guarded-outlet';
import { UserControls } from './features/access/components/user-controls';
import { languageOf, loadGitInfo, loadMessages } from './lib/i18n.server';
import { theme } from './lib/theme';
import { requestInfoContext, toClientConfig, webConfigContext } from './lib/web-config-context';

/** Language, translations, build description and browser configuration for every page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  const lang = languageOf(request);
  const [messages, gitInfo] = await Promise.all([
    loadMessages(config.ssrApiBase, lang),
    loadGitInfo(config.ssrApiBase),
  ]);
  const { nonce } = context.get(requestInfoContext);
  return { lang, messages, gitInfo, config: toClientConfig(config), nonce };
}

// The root data depends only on the language, which changes through a full reload for now.
export function shouldRevalidate() {
  return false;
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [
    { title: data?.messages['app.name'] ?? 'Geoportal' },
    { name: 'description', content: data?.messages['app.description'] ?? '' },
  ];
}

/** The document around every page and error page. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const lang = data?.lang ?? 'de';
  const nonce = data?.nonce;
  return (
    <html lang={lang} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <IntlProvider locale={lang} defaultLocale="de" messages={data?.messages ?? {}}>
            <AppProviders apiBase={data?.config.apiBase ?? '/api/v1'}>{children}</AppProviders>
          </IntlProvider>
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { gitInfo, config } = useLoaderData<typeof loader>();
  return (
    <PageFrame gitInfo={gitInfo} controls={<UserControls formLogin={config.formLogin} />}>
      <GuardedOutlet />
    </PageFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!data) {
    // Without the root data there are no translations: say it in both product languages.
    return <ErrorPage untranslated />;
  }
  return (
    <PageFrame gitInfo={data.gitInfo}>
      <ErrorPage notFound={notFound} />
    </PageFrame>
  );
}
