/**
 * Runs `callback` once the page has loaded and the browser is idle, or after `maxDelayMs` at
 * the latest, whichever comes first: for work that must not compete with the first page for
 * the network and the main thread (the service worker, parts of the page loaded later).
 * Browsers without `requestIdleCallback` (Safari) run it right after the load event. Answers
 * a function that cancels the call if it has not happened yet (an effect's cleanup).
 */
export function whenIdleAfterLoad(callback: () => void, maxDelayMs: number): () => void {
  const cleanups: Array<() => void> = [];
  let finished = false;
  const finish = () => {
    finished = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const run = () => {
    if (finished) return;
    finish();
    callback();
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run);
      cleanups.push(() => window.cancelIdleCallback(handle));
    } else {
      const timer = setTimeout(run, 0);
      cleanups.push(() => clearTimeout(timer));
    }
  };

  const latest = setTimeout(run, maxDelayMs);
  cleanups.push(() => clearTimeout(latest));
  if (document.readyState === 'complete') whenIdle();
  else {
    window.addEventListener('load', whenIdle, { once: true });
    cleanups.push(() => window.removeEventListener('load', whenIdle));
  }
  return finish;
}
