import { test as base, type Page } from '@playwright/test';
import { hydrated } from './hydration';

export * from '@playwright/test';

type Goto = Page['goto'];

/** Whether the running test's pages run scripts (`test.use({ javaScriptEnabled: false })`). */
let scripting = true;

/**
 * Our pages fetch their scripts after the first paint (web app lib/scripts-after-paint.ts), so
 * the browser's `load` event, which `page.goto` waits for, comes before the page is
 * hydrated; a click right after it would meet a page that only draws its buttons. Every
 * `page.goto` of the tests (in fixtures' pages and in pages of contexts the tests open
 * themselves) therefore also waits for the hydrated application when the page it opened is
 * one of ours, as a person waits for the page to respond. Installed once per worker on the
 * page class, since tests open pages outside the `page` fixture too.
 */
export const test = base.extend<{ scriptingOfTest: undefined }, { hydratingGoto: undefined }>({
  scriptingOfTest: [
    async ({ javaScriptEnabled }, use) => {
      scripting = javaScriptEnabled !== false;
      await use(undefined);
      scripting = true;
    },
    { auto: true },
  ],
  hydratingGoto: [
    async ({ browser }, use) => {
      const probe = await browser.newPage();
      const prototype = Object.getPrototypeOf(probe) as { goto: Goto; __hydrating?: boolean };
      await probe.close();
      if (!prototype.__hydrating) {
        const goto = prototype.goto;
        prototype.goto = async function (this: Page, url, options) {
          const response = await goto.call(this, url, options);
          // A page without scripts never hydrates.
          const waits = scripting && (!options?.waitUntil || options.waitUntil === 'load');
          const ours =
            waits &&
            (await this.locator('link[rel="modulepreload-after-paint"]')
              .count()
              .catch(() => 0)) > 0;
          if (ours) await hydrated(this);
          return response;
        };
        prototype.__hydrating = true;
      }
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
});
