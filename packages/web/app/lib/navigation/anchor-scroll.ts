/**
 * Anchor scrolling (SPEC §2, §9): an anchor in the URL scrolls smoothly to its element, so
 * that the element's top lands 30 px below the content top. The content top is the bottom
 * of the page header, which stays in view while the page scrolls. Pure DOM helpers; the
 * React side is `useAnchorScroll()`.
 */

/** Space between the content top and an anchor's element, in px (SPEC §9). */
export const ANCHOR_OFFSET_PX = 30;

/** The element a URL hash (`#id`, percent-encoded or not) names; null if none does. */
export function anchorTarget(hash: string, doc: Document = document): HTMLElement | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // A stray % is part of the id, not an encoding.
  }
  // By id, not by selector: ids may hold characters a CSS selector would need escaped.
  return doc.getElementById(id);
}

/**
 * The content top in viewport pixels: the bottom of the page header, never negative (a
 * header scrolled out of view covers nothing).
 */
export function contentTop(doc: Document = document): number {
  return Math.max(0, doc.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
}

/** Where anchors land, in viewport pixels: the content top plus 30 px. */
export function anchorOffset(doc: Document = document): number {
  return contentTop(doc) + ANCHOR_OFFSET_PX;
}

/** Whether the visitor asked the system for less motion. */
export function prefersReducedMotion(win: Window = window): boolean {
  return win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Scrolls the window so that the element named by `hash` lands at the content top plus
 * 30 px: smoothly, or at once when reduced motion is preferred. Unknown ids do nothing.
 * Answers the element, or null.
 */
export function scrollToAnchor(hash: string, win: Window = window): HTMLElement | null {
  const target = anchorTarget(hash, win.document);
  if (!target) return null;
  const top = target.getBoundingClientRect().top + win.scrollY - anchorOffset(win.document);
  win.scrollTo({
    top: Math.max(0, Math.round(top)),
    behavior: prefersReducedMotion(win) ? 'auto' : 'smooth',
  });
  return target;
}

/**
 * The hash of a plain left click on a link to an anchor of the current page (same path and
 * query); null for anything else: other pages, new tabs, downloads, modified clicks.
 */
export function inPageHashOf(event: MouseEvent, current: Location | URL): string | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.getAttribute('href') ?? '', current.href);
  const samePage =
    url.origin === current.origin &&
    url.pathname === current.pathname &&
    url.search === current.search;
  return samePage && url.hash.length > 1 ? url.hash : null;
}
