import { INVALID_PARAMS } from '../../route-paths';

/** The router messages of SPEC §8, word for word. */
export const routerMessages = {
  /** A group without a page of its own was the target (see `firstAllowedChild`). */
  abstractState: 'Cannot transition to abstract state',
  /** A link's parameters do not fit its route (thrown by `pathTo`). */
  invalidParams: INVALID_PARAMS,
  /** A redirect chain went over `MAX_REDIRECTS`. */
  tooManyRedirects: 'Too many consecutive Transition redirects (20+)',
  /** A guard or another hook stopped the navigation. */
  hookAborted: 'Hook aborted transition',
} as const;

/** Which router failure an error is. */
export type RouterErrorKind = keyof typeof routerMessages;

/** Maximum number of consecutive redirects (SPEC §9). */
export const MAX_REDIRECTS = 20;

/** A failed navigation. `message` starts with the SPEC §8 text; `kind` tells them apart. */
export class RouterError extends Error {
  override readonly name = 'RouterError';

  constructor(
    readonly kind: RouterErrorKind,
    /** What was being navigated to, appended to the message. */
    detail?: string,
  ) {
    super(detail ? `${routerMessages[kind]} ${detail}` : routerMessages[kind]);
  }
}

/** Whether `error` is a `RouterError` (of `kind`, when given). */
export function isRouterError(error: unknown, kind?: RouterErrorKind): error is RouterError {
  return error instanceof RouterError && (kind === undefined || error.kind === kind);
}

/**
 * The `RouterError` for an error thrown while building a link: `pathTo` throws a plain
 * Error with the SPEC §8 parameter message. Answers undefined for any other error.
 */
export function toRouterError(error: unknown): RouterError | undefined {
  if (error instanceof RouterError) return error;
  if (error instanceof Error && error.message.startsWith(INVALID_PARAMS)) {
    return new RouterError('invalidParams', error.message.slice(INVALID_PARAMS.length).trim());
  }
  return undefined;
}

/** Counts consecutive redirects; any navigation that is not a redirect starts again at 0. */
export interface RedirectTracker {
  /**
   * Records one navigation. Throws `RouterError('tooManyRedirects')` for the redirect that
   * goes over the limit (the 21st in a row) and starts counting again.
   */
  record(isRedirect: boolean, target?: string): void;
  /** Consecutive redirects so far. */
  count(): number;
  reset(): void;
}

/** Creates a tracker allowing `max` consecutive redirects (SPEC §9: 20). */
export function createRedirectTracker(max: number = MAX_REDIRECTS): RedirectTracker {
  let count = 0;
  return {
    record(isRedirect, target) {
      if (!isRedirect) {
        count = 0;
        return;
      }
      count += 1;
      if (count > max) {
        count = 0;
        throw new RouterError('tooManyRedirects', target);
      }
    },
    count: () => count,
    reset() {
      count = 0;
    },
  };
}

/**
 * Whether React Router reached `location` through a redirect (a loader or action answering
 * `redirect(…)`). React Router marks such locations with `state._isRedirect`; the navigation
 * type cannot tell, because a redirect keeps the PUSH or REPLACE of the navigation it ends.
 */
export function isRedirectLocation(location: { state?: unknown } | null | undefined): boolean {
  const state = location?.state;
  return typeof state === 'object' && state !== null && '_isRedirect' in state
    ? state._isRedirect === true
    : false;
}
