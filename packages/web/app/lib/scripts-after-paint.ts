/**
 * Pages are painted before their scripts are fetched. A page arrives complete from the
 * server; its 40–90 module scripts only make it interactive (hydration). Fetched together with
 * the stylesheets, they shared the phone's connection with them (and over HTTP/1.1 its six
 * connections per host), so the first paint waited for scripts it does not need. The server
 * therefore writes the module preloads and React Router's module script in a held form
 * (scripts-after-paint.server.ts), and a small inline script (`START_SCRIPTS_AFTER_PAINT`,
 * rendered after React Router's `<Scripts>`) turns them into what they were right after the
 * first paint: all modules are then fetched at once, as the preloads would have fetched them.
 */

/** A module preload as React writes it, and its held form (an unknown `rel` fetches nothing). */
export const MODULE_PRELOAD = 'rel="modulepreload"';
export const HELD_MODULE_PRELOAD = 'rel="modulepreload-after-paint"';

/** React Router's inline module script (the imports of the route modules), and its held form
 * (a script of an unknown type is not run). */
export const MODULE_SCRIPT = 'type="module" async=""';
export const HELD_MODULE_SCRIPT = 'type="text/module-after-paint"';

/** How many held preloads become preloads per task: starting a fetch costs the main thread
 * about 0.2 ms (0.8 ms on a phone), so all 90 at once were one task of some 70 ms there.
 * Twelve per task still measured 57 ms at Lighthouse's 4× slowdown in Chromium's traces
 * (the editor's page). Six per task measured 8–14 ms on a 2-core server, while other work
 * of the page (a response, a module compiled) often lands in the same task: four keep each
 * task under the 50 ms that count as blocking at 4×. The module script starts in a task
 * of its own, before them. */
export const PRELOADS_PER_TASK = 4;

/**
 * Run inline at the end of the body. `requestAnimationFrame` runs just before the first
 * frame is painted (not before the stylesheets have arrived), and a task queued from it runs
 * after that frame. There the held module script becomes a module script with the page's
 * nonce (the content security policy allows no other), which starts fetching the route
 * modules, and the held preloads become preloads again, a few per task so that no task is
 * long. The held elements stay where they are, inert.
 *
 * A hidden page (opened in a background tab, or left before its first frame) paints no frame
 * until it is shown, so there the scripts start at once: it is ready when its tab is chosen,
 * as a page with ordinary scripts would be. Whichever comes first starts them, once.
 */
export const START_SCRIPTS_AFTER_PAINT = `(function () {
  var nonce = document.currentScript && document.currentScript.nonce;
  function runModuleScript() {
    var held = document.querySelector('script[${HELD_MODULE_SCRIPT}]');
    if (!held) return;
    var script = document.createElement('script');
    script.type = 'module';
    if (nonce) script.nonce = nonce;
    script.textContent = held.textContent;
    held.replaceWith(script);
  }
  function preload(links, from) {
    links.slice(from, from + ${PRELOADS_PER_TASK}).forEach(function (held) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = held.getAttribute('href');
      document.head.appendChild(link);
    });
    if (from + ${PRELOADS_PER_TASK} < links.length) {
      setTimeout(function () { preload(links, from + ${PRELOADS_PER_TASK}); }, 0);
    }
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    runModuleScript();
    var links = Array.prototype.slice.call(document.querySelectorAll('link[${HELD_MODULE_PRELOAD}]'));
    setTimeout(function () { preload(links, 0); }, 0);
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  function startWhenHidden() {
    if (document.visibilityState === 'hidden') setTimeout(start, 0);
  }
  startWhenHidden();
  document.addEventListener('visibilitychange', startWhenHidden);
})();`;
