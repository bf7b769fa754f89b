import { expect, type Page } from '@playwright/test';

/**
 * Waits until the application has hydrated (`<html data-hydrated>`, set by the root): before
 * that the server-rendered buttons and menus are only drawn, and a click on them is lost. On a
 * busy machine the scripts of a page can take seconds to arrive. When it never comes, the
 * failure says how far the page got (see `hydrationState`), since a trace shows only the
 * requests, not whether the held scripts were started or which modules never arrived.
 */
export async function hydrated(page: Page): Promise<void> {
  try {
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 30_000 });
  } catch (error) {
    const state = await hydrationState(page).catch((reason: unknown) => String(reason));
    throw new Error(`The page did not hydrate: ${state}`, { cause: error });
  }
}

/** Opens `path` and waits for the hydrated application. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/**
 * How far a page that did not hydrate got: its address and visibility, whether the held
 * module script was started (web app lib/scripts-after-paint.ts), whether a frame comes at
 * all, and which of its module scripts never arrived or failed.
 */
function hydrationState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const frame = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 2000);
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    // A request that failed has an entry too, with no status.
    const status = new Map(
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => [
        new URL(entry.name).pathname,
        entry.responseStatus,
      ]),
    );
    const modules = Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      (link) => new URL(link.href).pathname,
    );
    return JSON.stringify({
      url: location.pathname + location.search,
      readyState: document.readyState,
      visibility: document.visibilityState,
      frame,
      heldScriptLeft: document.querySelector('script[type="text/module-after-paint"]') !== null,
      modules: modules.length,
      modulesNotLoaded: modules.filter((path) => status.get(path) !== 200),
      serviceWorker: navigator.serviceWorker?.controller?.state ?? 'none',
    });
  });
}
