/**
 * Tells whether the page is being left. Requests still in flight when the user navigates
 * away fail like a broken network; code that would act on such a failure (the auth store
 * clears a session whose check failed) asks this first, so leaving a page never signs out.
 *
 * `beforeunload` marks the start of leaving; a leave that is cancelled (the editor's
 * "unsaved changes" prompt) clears the mark again after a moment, since the page lives on.
 * `pagehide` covers leaves without `beforeunload` (back/forward cache, mobile browsers).
 */
export function watchPageLeaving(target: Window | undefined): () => boolean {
  let leaving = false;
  if (!target) return () => false;
  let reset: ReturnType<typeof setTimeout> | undefined;
  target.addEventListener('beforeunload', () => {
    leaving = true;
    clearTimeout(reset);
    reset = setTimeout(() => {
      leaving = false;
    }, 3000);
  });
  target.addEventListener('pagehide', () => {
    leaving = true;
  });
  target.addEventListener('pageshow', () => {
    leaving = false;
  });
  return () => leaving;
}
