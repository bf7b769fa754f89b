// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { polyfillMatchMedia } from '../testing/render-with-providers';
import { anchorOffset, anchorTarget, inPageHashOf, scrollToAnchor } from './anchor-scroll';
import { useAnchorScroll } from './use-anchor-scroll';

/** Gives an element a fixed box, as jsdom lays nothing out. */
function place(element: Element, box: { top: number; bottom: number }) {
  element.getBoundingClientRect = () =>
    ({ ...box, left: 0, right: 0, width: 0, height: 0 }) as DOMRect;
}

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  polyfillMatchMedia();
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Object.defineProperty(window, 'scrollY', { value: 100, configurable: true });
  document.body.innerHTML = `
    <header>Kopf</header>
    <section id="teil-2">Teil 2</section>
    <section id="größe">Größe</section>`;
  place(document.querySelector('header') as Element, { top: 0, bottom: 56 });
  place(document.getElementById('teil-2') as Element, { top: 700, bottom: 800 });
  place(document.getElementById('größe') as Element, { top: 300, bottom: 400 });
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('style');
});

describe('scrollToAnchor (SPEC §2, §9)', () => {
  it('lands the element at the header bottom plus 30 px, smoothly', () => {
    expect(anchorOffset()).toBe(86);
    expect(scrollToAnchor('#teil-2')?.id).toBe('teil-2');
    // 700 in the viewport + 100 scrolled - (56 + 30)
    expect(scrollTo).toHaveBeenCalledWith({ top: 714, behavior: 'smooth' });
  });

  it('jumps without animation when reduced motion is preferred', () => {
    polyfillMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    scrollToAnchor('#teil-2');
    expect(scrollTo).toHaveBeenCalledWith({ top: 714, behavior: 'auto' });
  });

  it('decodes the hash and ignores unknown or empty anchors', () => {
    expect(anchorTarget('#gr%C3%B6%C3%9Fe')?.id).toBe('größe');
    expect(anchorTarget('#größe')?.id).toBe('größe');
    expect(anchorTarget('#100%')).toBeNull();
    expect(scrollToAnchor('#unbekannt')).toBeNull();
    expect(scrollToAnchor('#')).toBeNull();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('counts a header scrolled out of view as no header', () => {
    place(document.querySelector('header') as Element, { top: -80, bottom: -24 });
    expect(anchorOffset()).toBe(30);
    document.querySelector('header')?.remove();
    expect(anchorOffset()).toBe(30);
  });
});

describe('inPageHashOf', () => {
  const here = new URL('http://localhost/content/legal?x=1');
  function clickOn(html: string, init: MouseEventInit = {}) {
    document.body.innerHTML = html;
    const event = new MouseEvent('click', { bubbles: true, button: 0, ...init });
    Object.defineProperty(event, 'target', { value: document.querySelector('a span, a') });
    return inPageHashOf(event, here);
  }

  it('answers the hash of a plain click on a link to an anchor of this page', () => {
    expect(clickOn('<a href="#teil"><span>Teil</span></a>')).toBe('#teil');
    expect(clickOn('<a href="/content/legal?x=1#teil">Teil</a>')).toBe('#teil');
  });

  it('ignores other pages, empty anchors, new tabs, downloads and modified clicks', () => {
    expect(clickOn('<a href="/search#teil">x</a>')).toBeNull();
    expect(clickOn('<a href="/content/legal#teil">x</a>')).toBeNull();
    expect(clickOn('<a href="#">x</a>')).toBeNull();
    expect(clickOn('<a href="#teil" target="_blank">x</a>')).toBeNull();
    expect(clickOn('<a href="#teil" download>x</a>')).toBeNull();
    expect(clickOn('<a href="#teil">x</a>', { ctrlKey: true })).toBeNull();
    expect(clickOn('<a href="#teil">x</a>', { button: 1 })).toBeNull();
  });
});

describe('useAnchorScroll', () => {
  function renderAt(path: string) {
    function Layout() {
      useAnchorScroll();
      return (
        <>
          <header>Kopf</header>
          <Link to="#ziel">Zum Ziel</Link>
          <Link to="/seite#ziel">Andere Seite</Link>
          <Outlet />
        </>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: Layout,
          children: [
            { index: true, element: <p id="ziel">Ziel</p> },
            { path: 'seite', element: <p id="ziel">Ziel dort</p> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    document.body.innerHTML = '';
    const view = render(<RouterProvider router={router} />);
    place(document.querySelector('header') as Element, { top: 0, bottom: 56 });
    place(document.getElementById('ziel') as Element, { top: 400, bottom: 450 });
    return { ...view, router };
  }

  it('scrolls to the anchor of the address when the page opens', () => {
    renderAt('/#ziel');
    // Measured before `place` ran, jsdom's zero boxes: 0 + 100 - (0 + 30).
    expect(scrollTo).toHaveBeenCalledWith({ top: 70, behavior: 'smooth' });
  });

  it('keeps scroll-padding-top at the offset, for router and browser jumps', () => {
    renderAt('/');
    expect(document.documentElement.style.scrollPaddingTop).toBe('30px');
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(document.documentElement.style.scrollPaddingTop).toBe('86px');
  });

  it('scrolls again on every navigation to an anchor, also to the same one', async () => {
    const { router } = renderAt('/');
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/#ziel'));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 414, behavior: 'smooth' });
    await act(() => router.navigate('/#ziel'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('makes the jump of an in-page link click smooth for a moment', async () => {
    vi.useFakeTimers();
    try {
      renderAt('/');
      act(() => {
        fireEvent.click(screen.getByRole('link', { name: 'Zum Ziel' }));
      });
      expect(document.documentElement.style.scrollBehavior).toBe('smooth');
      expect(scrollTo).toHaveBeenCalledWith({ top: 414, behavior: 'smooth' });
      act(() => vi.advanceTimersByTime(1000));
      expect(document.documentElement.style.scrollBehavior).toBe('');
      fireEvent.click(screen.getByRole('link', { name: 'Andere Seite' }));
      expect(document.documentElement.style.scrollBehavior).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the jump instant when reduced motion is preferred', () => {
    polyfillMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    renderAt('/');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Zum Ziel' }));
    });
    expect(document.documentElement.style.scrollBehavior).toBe('');
  });
});
