import type { Page } from '@playwright/test';

/** One layout shift the browser reported, with what moved (tag, classes, text) from where to where. */
export interface LayoutShift {
  value: number;
  sources: string[];
}

/**
 * Records every layout shift of the page's next loads that no input caused (what Lighthouse
 * sums as CLS). Call before `goto`; `shifts()` answers them, each naming what moved, so that a
 * failing expectation says which element to fix.
 */
export async function watchLayoutShifts(page: Page): Promise<{ shifts(): Promise<LayoutShift[]> }> {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'a removed node');
      const classes = Array.from(node.classList).slice(0, 2).join('.');
      return `${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''} «${(node.textContent ?? '').slice(0, 40)}»`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources: Array<{
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }>;
      }>) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map(
            (source) =>
              `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    shifts: () =>
      page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts),
  };
}
