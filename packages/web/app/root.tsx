import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { AppProviders } from './components/layout/app-providers';
import { ErrorPage } from './components/layout/error-page';
import { PageFrame } from './components/layout/page-frame';
import { ColorSchemeMenu } from './components/navigation/color-scheme-menu';
import { LanguageMenu } from './components/navigation/language-menu';
import { MainNav } from './components/navigation/main-nav';
import { mainMenu } from './components/navigation/menu-items';
import { NavDrawer } from './components/navigation/nav-drawer';
import { useVisibleMenu } from './components/navigation/use-visible-menu';
import { GuardedOutlet } from './features/access/components/guarded-outlet';
import { UserControls } from './features/access/components/user-controls';
import { useHydratedMark } from './lib/client-only';
import { colorSchemeManager } from './lib/color-scheme';
import { truncateUserAgent, useDevice } from './lib/device';
import { languageOf, loadGitInfo, loadMessages } from './lib/i18n.server';
import { chooseLanguage, pendingLanguage } from './lib/language';
import { useAnchorScroll } from './lib/navigation/use-anchor-scroll';
import { useRedirectLimit } from './lib/navigation/use-redirect-limit';
import { useNavigationActivity } from './lib/progress/use-navigation-activity';
import { useServiceWorker } from './lib/service-worker';
import { cssVariablesResolver, theme } from './lib/theme';
import { useToast } from './lib/use-toast';
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
  const userAgent = truncateUserAgent(request.headers.get('user-agent'));
  return { lang, messages, gitInfo, config: toClientConfig(config), nonce, userAgent };
}

/**
 * The root data (language, translations, build) does not change with the address; it is
 * loaded again only when asked for (a language change, sign-out).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href && !formMethod ? defaultShouldRevalidate : false;
}

const schemeManager = colorSchemeManager();

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
        {/* Applies a stored or automatic dark scheme before the first paint (no flash). */}
        <ColorSchemeScript defaultColorScheme="auto" localStorageKey="colorScheme" nonce={nonce} />
      </head>
      <body>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
          colorSchemeManager={schemeManager}
        >
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
  const { gitInfo, config, lang, userAgent } = useLoaderData<typeof loader>();
  const menu = useVisibleMenu(mainMenu);
  const revalidator = useRevalidator();
  const intl = useIntl();
  const toast = useToast();
  useHydratedMark();
  useNavigationActivity();
  useAnchorScroll();
  useRedirectLimit(() => toast.error(intl.formatMessage({ id: 'nav.redirectLoop' })));
  // No service worker for crawlers: they gain nothing from an offline shell.
  useServiceWorker(useDevice(userAgent).bot);

  // A language stored in this browser but not in the cookie the server rendered with.
  useEffect(() => {
    const pending = pendingLanguage(lang);
    if (pending) {
      chooseLanguage(pending);
      void revalidator.revalidate();
    }
  }, [lang, revalidator]);

  return (
    <PageFrame
      gitInfo={gitInfo}
      nav={<MainNav items={menu} />}
      drawer={<NavDrawer items={menu} />}
      controls={
        <>
          <ColorSchemeMenu />
          <LanguageMenu current={lang} />
          <UserControls formLogin={config.formLogin} />
        </>
      }
    >
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
