import { useEffect } from 'react';
import { useLocation } from 'react-router';
import {
  ANCHOR_OFFSET_PX,
  contentTop,
  inPageHashOf,
  prefersReducedMotion,
  scrollToAnchor,
} from './anchor-scroll';

/** How long an in-page jump may animate before the smooth scroll behaviour is taken back. */
const SMOOTH_JUMP_MS = 1000;

/**
 * Anchor scrolling for the whole page (SPEC §2): call it once in the root layout, next to
 * React Router's `<ScrollRestoration>`, which keeps restoring and resetting positions.
 *
 * - When the location has a hash (page load, link to another page's anchor, back and
 *   forward), the element scrolls to the content top + 30 px, smoothly unless reduced motion
 *   is preferred.
 * - `scroll-padding-top` on `<html>` is kept at the same offset. React Router's own hash jump
 *   (`scrollIntoView`), the browser's jump for plain `<a href="#…">` links and keyboard focus
 *   all respect it, so nothing ever lands under the header.
 * - A click on an in-page anchor link makes that jump smooth: the router and the browser
 *   jump at once, before any effect could run, so `scroll-behavior: smooth` is set on
 *   `<html>` for the jump (not for good: route changes must reset the scroll instantly).
 *   The click itself is left alone, so the address, history and the focus of skip links
 *   behave as usual.
 */
export function useAnchorScroll(): void {
  const location = useLocation();

  useEffect(() => {
    const root = document.documentElement;
    const update = () => {
      root.style.scrollPaddingTop = `${contentTop() + ANCHOR_OFFSET_PX}px`;
    };
    update();
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('resize', update);
      root.style.scrollPaddingTop = '';
    };
  }, []);

  // The key changes on every navigation, also when the same anchor is chosen again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger.
  useEffect(() => {
    if (location.hash) scrollToAnchor(location.hash);
  }, [location.key, location.hash]);

  useEffect(() => {
    const root = document.documentElement;
    let restore: ReturnType<typeof setTimeout> | undefined;
    const handleClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !inPageHashOf(event, window.location)) return;
      root.style.scrollPaddingTop = `${contentTop() + ANCHOR_OFFSET_PX}px`;
      if (prefersReducedMotion()) return;
      root.style.scrollBehavior = 'smooth';
      clearTimeout(restore);
      restore = setTimeout(() => {
        root.style.scrollBehavior = '';
      }, SMOOTH_JUMP_MS);
    };
    // Capture phase: before React Router's link handler and the browser's default action.
    window.addEventListener('click', handleClick, true);
    return () => {
      window.removeEventListener('click', handleClick, true);
      clearTimeout(restore);
      root.style.scrollBehavior = '';
    };
  }, []);
}
