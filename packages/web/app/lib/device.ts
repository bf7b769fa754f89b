import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** User agents are cut to this many characters before any test (SPEC §3, §9). */
export const USER_AGENT_MAX_LENGTH = 500;

/** Below this viewport width in CSS pixels a device counts as a phone (SPEC §3, §9). */
export const PHONE_WIDTH = 600;

/** What device detection reports (SPEC §3). */
export interface Device {
  /** A phone or a tablet. */
  mobile: boolean;
  phone: boolean;
  tablet: boolean;
  /** A crawler or an audit tool: the user agent says `bot` or `lighthouse`. */
  bot: boolean;
}

// SPEC §3: bots are recognised by these two words, nothing else.
const BOT = /bot|lighthouse/i;
// Tablets first: iPad and Android tablet user agents also contain "Mobile" or "Mobi".
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle/i;
const ANDROID = /Android/i;
const MOBILE = /Mobi/i;
const PHONE = /iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|Mobi/i;
const MAC = /Macintosh/i;

/** The user agent as every test sees it: at most 500 characters (a hostile header is cut). */
export function truncateUserAgent(userAgent: string | null | undefined): string {
  return (userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH);
}

/**
 * Device detection (SPEC §3): phone and tablet from common user-agent patterns (iPhone,
 * Android with "Mobile" = phone; iPad, Android without "Mobile", "Tablet" = tablet); with a
 * known viewport `width`, anything narrower than 600 px counts as a phone. `touchPoints`
 * (`navigator.maxTouchPoints`) unmasks iPads, which send the user agent of a Mac.
 */
export function detectDevice(
  userAgent: string | null | undefined,
  width?: number,
  touchPoints?: number,
): Device {
  const ua = truncateUserAgent(userAgent);
  const bot = BOT.test(ua);
  let tablet =
    TABLET.test(ua) ||
    (ANDROID.test(ua) && !MOBILE.test(ua)) ||
    (MAC.test(ua) && (touchPoints ?? 0) > 1);
  let phone = !tablet && PHONE.test(ua);
  if (width !== undefined && width < PHONE_WIDTH) {
    phone = true;
    tablet = false;
  }
  return { mobile: phone || tablet, phone, tablet, bot };
}

const sameDevice = (a: Device, b: Device) =>
  a.phone === b.phone && a.tablet === b.tablet && a.bot === b.bot;

let browserDevice: Device | undefined;
/**
 * The viewport width as last read. React asks for the snapshot many times per render and
 * after every commit, and reading `innerWidth` after the commit's DOM changes made the
 * browser lay the page out there and then (about 20 ms at Lighthouse's 4× slowdown after
 * hydration). It is read when this module loads, before hydration, and after each resize.
 */
let viewportWidth: number | undefined =
  typeof window === 'undefined' ? undefined : window.innerWidth;

/** The browser's device, the same object as long as the answer does not change. */
function browserSnapshot(): Device {
  viewportWidth ??= window.innerWidth;
  const next = detectDevice(navigator.userAgent, viewportWidth, navigator.maxTouchPoints);
  if (!browserDevice || !sameDevice(browserDevice, next)) browserDevice = next;
  return browserDevice;
}

function subscribeToResize(onChange: () => void): () => void {
  const resized = () => {
    viewportWidth = undefined;
    onChange();
  };
  window.addEventListener('resize', resized);
  return () => window.removeEventListener('resize', resized);
}

/**
 * The visitor's device. On the server and while hydrating it is detected from
 * `serverUserAgent` (the request's user agent, handed down by the root loader), so the
 * markup matches; right after hydration the browser's user agent and viewport width take
 * over and the answer follows window resizes.
 */
export function useDevice(serverUserAgent?: string | null): Device {
  const fromServer = useMemo(() => detectDevice(serverUserAgent), [serverUserAgent]);
  // The server's object while the browser agrees with it: React compares snapshots by
  // identity, and a different but equal answer after hydration re-rendered the whole page
  // (the root uses this) synchronously inside hydration's commit (bench:lighthouse, issue 22).
  const snapshot = useCallback(() => {
    const device = browserSnapshot();
    return sameDevice(device, fromServer) ? fromServer : device;
  }, [fromServer]);
  return useSyncExternalStore(subscribeToResize, snapshot, () => fromServer);
}
