import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import {
  isRouteErrorResponse,
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
import { InlineScript } from './components/layout/inline-script';
import { PageFrame } from './components/layout/page-frame';
import { RouteStylesheets } from './components/layout/route-stylesheets';
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
import { languageOf, loadGitInfo } from './lib/i18n.server';
import { WARM_UP_INTL } from './lib/intl-warm-up';
import { chooseLanguage, pendingLanguage } from './lib/language';
import { loadMessages, messagesOf, messagesUrl } from './lib/messages';
import { provideMessages } from './lib/messages.server';
import { useAnchorScroll } from './lib/navigation/use-anchor-scroll';
import { useRedirectLimit } from './lib/navigation/use-redirect-limit';
import { useNavigationActivity } from './lib/progress/use-navigation-activity';
import { START_SCRIPTS_AFTER_PAINT } from './lib/scripts-after-paint';
import { useServiceWorker } from './lib/service-worker';
import { cssVariablesResolver, theme } from './lib/theme';
import { useToast } from './lib/use-toast';
import { requestInfoContext, toClientConfig, webConfigContext } from './lib/web-config-context';

/**
 * Language, build description and browser configuration for every page. The translations
 * are not part of it: the server has them at hand (messages.server.ts) and the browser loads
 * them as a file of their own (messages.ts), so they are not in every page's HTML.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  const lang = languageOf(request);
  provideMessages(lang);
  const gitInfo = await loadGitInfo(config.ssrApiBase);
  const { nonce } = context.get(requestInfoContext);
  const userAgent = truncateUserAgent(request.headers.get('user-agent'));
  return { lang, gitInfo, config: toClientConfig(config), nonce, userAgent };
}

/**
 * After a language change (the root's data is loaded again): the new language's translations
 * are loaded before the page is shown in it. Not run on hydration (the entry loads them).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadMessages(data.lang);
  return data;
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
  const messages = data ? messagesOf(data.lang) : undefined;
  return [
    { title: messages?.['app.name'] ?? 'Geoportal' },
    { name: 'description', content: messages?.['app.description'] ?? '' },
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
        {/* The browser's locale data, loaded while the stylesheets download. */}
        <InlineScript code={WARM_UP_INTL} nonce={nonce} asyncModule />
        <Meta />
        <RouteStylesheets nonce={nonce} />
        {/* Fetched at once, beside the scripts; the entry waits for it before hydrating. */}
        <link rel="preload" as="fetch" href={messagesUrl[lang]} crossOrigin="anonymous" />
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
          <IntlProvider locale={lang} defaultLocale="de" messages={messagesOf(lang) ?? {}}>
            <AppProviders apiBase={data?.config.apiBase ?? '/api/v1'}>{children}</AppProviders>
          </IntlProvider>
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Fetches and runs the held module scripts once the page has been painted. */}
        <InlineScript code={START_SCRIPTS_AFTER_PAINT} nonce={nonce} />
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
  // An error page comes to life as well: its menus and links work once hydrated.
  useHydratedMark();
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
