import { describe, expect, it } from 'vitest';
import { INVALID_PARAMS, pathTo } from '../../route-paths';
import {
  createRedirectTracker,
  isRedirectLocation,
  isRouterError,
  MAX_REDIRECTS,
  RouterError,
  routerMessages,
  toRouterError,
} from './router-errors';

describe('router messages (SPEC §8)', () => {
  it('are the four texts of the catalogue, the parameter one shared with pathTo', () => {
    expect(Object.values(routerMessages)).toEqual([
      'Cannot transition to abstract state',
      'The following parameter values are not valid for state',
      'Too many consecutive Transition redirects (20+)',
      'Hook aborted transition',
    ]);
    expect(routerMessages.invalidParams).toBe(INVALID_PARAMS);
  });

  it('RouterError carries its kind and starts its message with the catalogue text', () => {
    const error = new RouterError('abstractState', "'management'");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RouterError');
    expect(error.kind).toBe('abstractState');
    expect(error.message).toBe("Cannot transition to abstract state 'management'");
    expect(new RouterError('hookAborted').message).toBe('Hook aborted transition');
    expect(isRouterError(error)).toBe(true);
    expect(isRouterError(error, 'hookAborted')).toBe(false);
    expect(isRouterError(new Error('Cannot transition to abstract state'))).toBe(false);
  });

  it('turns the error of pathTo into a RouterError of kind invalidParams', () => {
    let thrown: unknown;
    try {
      pathTo('management.profile');
    } catch (error) {
      thrown = error;
    }
    const error = toRouterError(thrown);
    expect(error?.kind).toBe('invalidParams');
    expect(error?.message.startsWith(INVALID_PARAMS)).toBe(true);
    expect(error?.message).toContain('management.profile');
    expect(toRouterError(new Error('other'))).toBeUndefined();
    expect(toRouterError('text')).toBeUndefined();
  });
});

describe('redirect limit (SPEC §9: 20)', () => {
  it('allows 20 consecutive redirects and fails on the 21st', () => {
    const tracker = createRedirectTracker();
    for (let hop = 0; hop < MAX_REDIRECTS; hop += 1) tracker.record(true, '/a');
    expect(tracker.count()).toBe(20);
    let thrown: unknown;
    try {
      tracker.record(true, '/b');
    } catch (error) {
      thrown = error;
    }
    expect(isRouterError(thrown, 'tooManyRedirects')).toBe(true);
    expect((thrown as Error).message).toBe('Too many consecutive Transition redirects (20+) /b');
    expect(tracker.count()).toBe(0);
  });

  it('starts again after a navigation that is not a redirect', () => {
    const tracker = createRedirectTracker(2);
    tracker.record(true);
    tracker.record(true);
    tracker.record(false);
    tracker.record(true);
    tracker.record(true);
    expect(() => tracker.record(true)).toThrow(RouterError);
  });

  it('recognises locations React Router reached through a redirect', () => {
    expect(isRedirectLocation({ state: { _isRedirect: true } })).toBe(true);
    expect(isRedirectLocation({ state: { _isRedirect: 'yes' } })).toBe(false);
    expect(isRedirectLocation({ state: null })).toBe(false);
    expect(isRedirectLocation({ state: 'x' })).toBe(false);
    expect(isRedirectLocation(undefined)).toBe(false);
  });
});
