// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Device,
  detectDevice,
  PHONE_WIDTH,
  truncateUserAgent,
  USER_AGENT_MAX_LENGTH,
  useDevice,
} from './device';

const ua = {
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  googlebotPhone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  lighthouse:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  androidFirefoxPhone: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Safari/537.36',
  androidFirefoxTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:127.0) Gecko/127.0 Firefox/127.0',
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

const device = (mobile: boolean, phone: boolean, tablet: boolean, bot: boolean): Device => ({
  mobile,
  phone,
  tablet,
  bot,
});
const desktop = device(false, false, false, false);
const phone = device(true, true, false, false);
const tablet = device(true, false, true, false);

describe('detectDevice (SPEC §3)', () => {
  it.each([
    ['Googlebot', ua.googlebot, device(false, false, false, true)],
    ['Googlebot smartphone', ua.googlebotPhone, device(true, true, false, true)],
    ['Bingbot', ua.bingbot, device(false, false, false, true)],
    ['Lighthouse', ua.lighthouse, device(true, true, false, true)],
    ['iPhone', ua.iphone, phone],
    ['iPad', ua.ipad, tablet],
    ['Android phone (Chrome)', ua.androidPhone, phone],
    ['Android phone (Firefox)', ua.androidFirefoxPhone, phone],
    ['Android tablet (Chrome)', ua.androidTablet, tablet],
    ['Android tablet (Firefox)', ua.androidFirefoxTablet, tablet],
    ['desktop Chrome', ua.chrome, desktop],
    ['desktop Firefox', ua.firefox, desktop],
  ])('%s', (_name, userAgent, expected) => {
    expect(detectDevice(userAgent)).toEqual(expected);
  });

  it('recognises bots by the words bot and lighthouse in any case', () => {
    expect(detectDevice('SomeBOT/1.0').bot).toBe(true);
    expect(detectDevice('LIGHTHOUSE audit').bot).toBe(true);
    expect(detectDevice('Crawler/1.0').bot).toBe(false);
  });

  it('reports nothing for a missing user agent', () => {
    expect(detectDevice(null)).toEqual(desktop);
    expect(detectDevice(undefined)).toEqual(desktop);
  });

  it('counts a viewport narrower than 600 px as a phone', () => {
    expect(PHONE_WIDTH).toBe(600);
    expect(detectDevice(ua.chrome, 599)).toEqual(phone);
    expect(detectDevice(ua.chrome, 600)).toEqual(desktop);
    expect(detectDevice(ua.androidTablet, 480)).toEqual(phone);
    expect(detectDevice(ua.iphone, 844)).toEqual(phone);
  });

  it('unmasks an iPad that sends the user agent of a Mac', () => {
    expect(detectDevice(ua.ipadDesktopMode, 1024, 5)).toEqual(tablet);
    expect(detectDevice(ua.ipadDesktopMode, 1440, 0)).toEqual(desktop);
  });

  it('reads only the first 500 characters of a user agent', () => {
    const long = `${ua.chrome} ${'x'.repeat(1500)} Googlebot iPhone`.padEnd(2000, 'y');
    expect(long).toHaveLength(2000);
    expect(truncateUserAgent(long)).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(detectDevice(long)).toEqual(desktop);
    expect(detectDevice(`${ua.iphone}${'x'.repeat(1800)}`)).toEqual(phone);
  });
});

describe('useDevice', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function Probe({ serverUserAgent }: { serverUserAgent: string | null }) {
    const { phone, tablet, bot } = useDevice(serverUserAgent);
    return (
      <output>{`${phone ? 'phone' : tablet ? 'tablet' : 'desktop'}${bot ? ' bot' : ''}`}</output>
    );
  }

  function stubBrowser(userAgent: string, width: number) {
    vi.stubGlobal('navigator', { ...navigator, userAgent, maxTouchPoints: 0 });
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  }

  it('hydrates with the server answer, then follows the browser without a mismatch', async () => {
    const html = renderToString(<Probe serverUserAgent={ua.googlebot} />);
    expect(html).toContain('desktop bot');
    stubBrowser(ua.iphone, 390);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // React reports a hydration mismatch as a recoverable error.
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Probe serverUserAgent={ua.googlebot} />, {
        onRecoverableError: errors,
      });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe('phone');
    container.remove();
  });

  it('follows window resizes across the phone width', () => {
    stubBrowser(ua.chrome, 1280);
    const view = render(<Probe serverUserAgent={null} />);
    expect(view.container.textContent).toBe('desktop');
    act(() => {
      Object.defineProperty(window, 'innerWidth', { value: 500, configurable: true });
      window.dispatchEvent(new Event('resize'));
    });
    expect(view.container.textContent).toBe('phone');
  });
});
