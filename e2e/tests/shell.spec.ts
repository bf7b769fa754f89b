import { expectAccessible } from '../support/a11y';
import { gotoHydrated, hydrated } from '../support/hydration';
import { expect, type Page, test } from '../support/test';

const schemeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

async function chooseScheme(page: Page, label: string) {
  await page.getByRole('button', { name: 'Farbschema' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

test.describe('colour scheme', () => {
  test('a chosen scheme survives a reload and is applied before the first paint', async ({
    page,
  }) => {
    await gotoHydrated(page, '/search');
    await chooseScheme(page, 'Dunkel');
    expect(await schemeOf(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBe('dark');
    // Record the scheme at the first paint: the server renders light, the inline script
    // must switch before anything is drawn.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body && !(window as unknown as { firstScheme?: string }).firstScheme) {
          (window as unknown as { firstScheme?: string | null }).firstScheme =
            document.documentElement.getAttribute('data-mantine-color-scheme');
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { firstScheme?: string }).firstScheme),
    ).toBe('dark');
    expect(await schemeOf(page)).toBe('dark');
  });

  test('automatic removes the stored choice and follows the system live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoHydrated(page, '/search');
    await chooseScheme(page, 'Dunkel');
    await chooseScheme(page, 'Automatisch (wie das System)');
    expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBeNull();
    expect(await schemeOf(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => schemeOf(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => schemeOf(page)).toBe('light');
  });

  test('the menu opens from the keyboard on its first press and gives the focus back', async ({
    page,
  }) => {
    // The menu's code comes with its first press (deferred-menu.tsx): the focus must pass
    // from the page's plain button into the menu and back to the button that replaced it.
    await gotoHydrated(page, '/');
    const button = page.getByRole('button', { name: 'Farbschema' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('menuitem', { name: 'Hell' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Hell' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Dunkel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => schemeOf(page)).toBe('dark');
    await expect(button).toBeFocused();
  });

  test('the server renders the light scheme', async ({ request }) => {
    const html = await (await request.get('/search')).text();
    expect(html).toContain('data-mantine-color-scheme="light"');
  });
});

test.describe('language', () => {
  test('switching changes texts and <html lang> and survives a reload without a flash', async ({
    page,
  }) => {
    await gotoHydrated(page, '/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Suche' })).toBeVisible();
    await page.getByRole('button', { name: 'Sprache' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Search · Geoportal');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    // The server renders English right away: the HTML before any script is English.
    const response = await page.request.get('/search');
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('>Search</h1>');
    expect(html).not.toContain('>Suche</h1>');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('the page is painted before any script is fetched, then comes to life', async ({
  page,
  request,
}) => {
  // A page arrives complete from the server; its 40–90 module scripts only make it
  // interactive. Fetched beside the stylesheets they held up the first paint (over HTTP/1.1
  // six connections per host), so the server holds them until the page has been painted.
  for (const path of ['/', '/search']) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('rel="modulepreload"');
    // The one module script before the paint imports nothing: it loads the locale data.
    const moduleScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*>([^<]*)</g)];
    for (const [, text] of moduleScripts) expect(text, path).not.toContain('import');
    expect(html, path).toContain('rel="modulepreload-after-paint"');
    const head = html.slice(0, html.indexOf('</head>'));
    const stylesheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(stylesheets.length, path).toBeGreaterThan(0);
    await gotoHydrated(page, path);
    const timing = await page.evaluate((hrefs) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const path = (entry: PerformanceResourceTiming) => new URL(entry.name).pathname;
      return {
        stylesheetsEnd: Math.max(
          ...resources.filter((entry) => hrefs.includes(path(entry))).map((e) => e.responseEnd),
        ),
        scripts: resources.filter((entry) => path(entry).endsWith('.js')).map((e) => e.startTime),
        modulePreloads: document.querySelectorAll('link[rel="modulepreload"]').length,
      };
    }, stylesheets);
    // Every script was asked for after the page's stylesheets had arrived (no frame is drawn
    // before), and the held preloads have become preloads again.
    expect(timing.scripts.length, path).toBeGreaterThan(10);
    for (const start of timing.scripts) {
      expect(start, path).toBeGreaterThanOrEqual(timing.stylesheetsEnd);
    }
    expect(timing.modulePreloads, path).toBeGreaterThan(10);
  }
});

test('hydration keeps the ids the server gave the form fields', async ({ page, request }) => {
  // Mantine's own useId switched every field to a random id right after hydration, which
  // rendered all of them again at once (vite.config.ts replaces it).
  const html = await (await request.get('/search')).text();
  const serverIds = [...html.matchAll(/\sid="(mantine-[^"]+)"/g)].map((match) => match[1]);
  expect(serverIds.length).toBeGreaterThan(3);
  await gotoHydrated(page, '/search');
  await expect(page.locator('.mantine-Autocomplete-input')).toBeVisible();
  const browserIds = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[id^="mantine-"]'), (element) => element.id),
  );
  for (const id of serverIds) expect(browserIds, id).toContain(id);
});

test.describe('translations', () => {
  test('come as one fingerprinted file cached for good, not inside every page', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const href = /<link rel="preload" as="fetch" href="(\/assets\/de-[\w-]+\.json)"/.exec(
      html,
    )?.[1];
    expect(href, 'the head preloads the German translations').toBeDefined();
    // The catalogue has over a thousand texts; the map page's HTML carries none of those it
    // does not show (they were about 110 KB of it).
    expect(html).not.toContain('harvesters.intro');
    expect(html.length).toBeLessThan(40_000);

    const file = await request.get(href as string, { headers: { 'accept-encoding': 'br' } });
    expect(file.headers()['cache-control']).toContain('immutable');
    expect(file.headers()['content-encoding']).toBe('br');
    const messages = (await file.json()) as Record<string, string>;
    expect(messages['route.search']).toBe('Suche');

    // Loaded once per page visit: a navigation inside the app asks for nothing again.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(de|en)-[\w-]+\.json$/.test(new URL(r.url()).pathname)) asked.push(r.url());
    });
    await gotoHydrated(page, '/search');
    await page.getByRole('link', { name: 'Karte' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Suche' })).toBeHidden();
    expect(asked).toHaveLength(1);
  });
});

test.describe('language of an English browser', () => {
  test.use({ locale: 'en-GB' });

  test('the first visit reads English, and a choice in the menu wins from then on', async ({
    page,
  }) => {
    const response = await page.goto('/search');
    // Rendered on the server in English already: nothing flips after the scripts run.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('>Search</h1>');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Suche' })).toBeVisible();
    // The reload's page comes from the server in German, although the browser asks for English.
    const reloaded = await page.reload();
    expect(await reloaded?.text()).toContain('<html lang="de"');
  });
});

test.describe('breadcrumbs, title and canonical link', () => {
  test('no breadcrumbs on the map, a trail with title on a nested page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Brotkrumennavigation' })).toHaveCount(0);
    await page.goto('/management/profile/nobody');
    // Guarded: signing in first.
    await page.getByLabel('Benutzername').fill('editor');
    await page.getByLabel(/^Passwort/).fill('editor-demo');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    const trail = page.getByRole('navigation', { name: 'Brotkrumennavigation' });
    await expect(trail.getByRole('link', { name: 'Karte' })).toHaveAttribute('href', '/');
    await expect(trail.getByRole('link', { name: 'Verwaltung' })).toBeVisible();
    await expect(trail.getByText('Profil', { exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page).toHaveTitle(/^Profil · Geoportal$/);
  });

  test('the canonical link follows each navigation', async ({ page, baseURL }) => {
    // PUBLIC_URL defaults to http://localhost:<port>.
    const site = `http://localhost:${new URL(baseURL ?? '').port}`;
    await page.goto('/search');
    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveAttribute('href', `${site}/search`);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .first()
      .getByRole('link', { name: 'Karte' })
      .click();
    await expect(page).toHaveURL('/');
    await expect(canonical).toHaveAttribute('href', `${site}/`);
    await expect(canonical).toHaveCount(1);
  });
});

test.describe('main menu', () => {
  test('a visitor sees map, search and the legal link; an administrator also Contribute and Management', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' }).first();
    await expect(nav.getByRole('link', { name: 'Karte' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Suche' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Impressum' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Erfassen' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Verwaltung' })).toHaveCount(0);

    await gotoHydrated(page, '/login');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel(/^Passwort/).fill('admin-demo');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL('/');
    await nav.getByRole('button', { name: 'Verwaltung' }).click();
    for (const entry of ['Benutzer', 'Gruppen', 'Prozesse', 'Harvester', 'Kommando']) {
      await expect(page.getByRole('menuitem', { name: entry })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await nav.getByRole('button', { name: 'Erfassen' }).click();
    await page.getByRole('menuitem', { name: 'Metadaten erfassen' }).click();
    await expect(page).toHaveURL('/metadata/create');
  });

  test('a submitter sees Contribute but not Management', async ({ page }) => {
    await gotoHydrated(page, '/login');
    await page.getByLabel('Benutzername').fill('submitter');
    await page.getByLabel(/^Passwort/).fill('submitter-demo');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' }).first();
    await expect(nav.getByRole('button', { name: 'Erfassen' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Verwaltung' })).toHaveCount(0);
  });

  test('is keyboard operable with visible focus', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // product name
    await page.keyboard.press('Tab'); // Karte
    await page.keyboard.press('Tab'); // Suche
    const focused = page.locator(':focus');
    await expect(focused).toHaveText('Suche');
    const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/search');
  });

  test('on a phone the sidebar holds the menu and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Suche' }).click();
    await expect(page).toHaveURL('/search');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  for (const path of ['/', '/search', '/login', '/content/legal', '/content/accessibility']) {
    test(`${path} has no accessibility violations in the ${scheme} scheme at 1280 and 320 px`, async ({
      page,
    }) => {
      if (path === '/search' || path === '/') test.slow();
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        expect(await schemeOf(page)).toBe(scheme);
        await expectAccessible(page, `${path}@${width}/${scheme}`);
      }
    });
  }
}

test.describe('long labels and anchors', () => {
  const longTitle =
    'Hinweise zur Nutzung der Geodatendienste des Landes für Kommunen und Planungsbüros';

  test('a label over 50 characters is cut in the breadcrumbs, whole in the title and for screen readers', async ({
    page,
  }) => {
    await page.goto('/content/e2e-long-title');
    await expect(page).toHaveTitle(`${longTitle} · Geoportal`);
    const trail = page.getByRole('navigation', { name: 'Brotkrumennavigation' });
    const current = trail.locator('[aria-current="page"]');
    await expect(current).toHaveAttribute('title', longTitle);
    await expect(current.locator('[aria-hidden="true"]')).toHaveText(`${longTitle.slice(0, 49)}…`);
    await expect(current.locator('.visually-hidden-focusable')).toHaveText(longTitle);
  });

  test('an anchor in the address scrolls its section to 30 px below the content top', async ({
    page,
  }) => {
    await page.goto('/content/e2e-long-title#section-abschnitt-zum-verlinken');
    const heading = page.getByRole('heading', { name: 'Abschnitt zum Verlinken' });
    await expect(heading).toBeVisible();
    // The header stays at the top (sticky): its bottom is the content top.
    const offset = () =>
      heading.evaluate((h) => {
        const contentTop = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        return Math.round(h.getBoundingClientRect().top - contentTop);
      });
    // The scroll is smooth: wait for it to arrive, not for the first frame near the target.
    await expect.poll(async () => Math.abs((await offset()) - 30)).toBeLessThanOrEqual(2);
    // And it stays there (no late layout shift moves the section).
    await page.waitForTimeout(500);
    expect(Math.abs((await offset()) - 30)).toBeLessThanOrEqual(2);
  });
});

test('toasts: at most three at a time, a fourth waits, duplicates never appear', async ({
  page,
  request,
}) => {
  // Lock an account through the API first, so that its sign-in fails differently. The
  // request context keeps the XSRF-TOKEN cookie, so it must repeat it like the app does.
  await request.get('/api/v1/health');
  const xsrf =
    (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/v1/access/authorize', {
      data: { username: 'toast-lock', password: `x${i}` },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(res.status()).toBe(401);
  }
  await gotoHydrated(page, '/login');
  const submit = async (username: string, password: string) => {
    await page.getByLabel('Benutzername').fill(username);
    await page.getByLabel(/^Passwort/).fill(password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
  };
  const toasts = page.getByRole('alert');
  await submit('editor', 'wrong password');
  await expect(toasts).toHaveCount(1);
  await submit('editor', 'wrong password again');
  await expect(toasts.filter({ hasText: 'Benutzername oder Passwort ist falsch.' })).toHaveCount(1);
  await submit('x'.repeat(70), 'whatever');
  await expect(toasts).toHaveCount(2);
  await submit('toast-lock', 'whatever');
  await expect(toasts.filter({ hasText: 'Zu viele Versuche mit falschem Passwort' })).toBeVisible();
  await expect(toasts).toHaveCount(3);
  // A fourth, different toast (the network is gone) waits for a free place.
  await page.route('**/api/v1/access/authorize', (route) => route.abort('internetdisconnected'));
  await submit('editor', 'offline');
  await page.waitForTimeout(500);
  await expect(toasts).toHaveCount(3);
  await toasts.first().getByRole('button', { name: 'Meldung schließen' }).click();
  await expect(toasts).toHaveCount(3);
  await expect(toasts.filter({ hasText: 'Benutzername oder Passwort ist falsch.' })).toHaveCount(0);
  // The waiting one (the browser's network error) has taken the free place.
  await expect(toasts.filter({ hasNotText: /Einige Angaben|Zu viele/ })).toHaveCount(1);
});
