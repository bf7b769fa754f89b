import { type RefObject, useEffect } from 'react';

/** Room between a focused field and the sticky bar, in pixels. */
const GAP_PX = 12;

/**
 * Keeps `scroll-padding-bottom` of the page at the height of the sticky element `ref` (the
 * editor's action bar), so that a field the browser scrolls into view on focus (Tab, a
 * link of the issue summary) lands above the bar instead of under it (WCAG 2.4.11). Follows
 * the bar's height as its buttons wrap or its hint changes; cleared when the bar goes.
 */
export function useBottomScrollPadding(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const update = () => {
      const height = bar.getBoundingClientRect().height;
      root.style.scrollPaddingBottom = height > 0 ? `${Math.ceil(height) + GAP_PX}px` : '';
    };
    // The observer reports the bar's first size after the browser has laid out the page.
    // Measuring here instead would lay out the whole editor, just inserted, in this task.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) observer.observe(bar);
    else update();
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [ref]);
}
