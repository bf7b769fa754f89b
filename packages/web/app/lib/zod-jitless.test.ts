import { afterEach, describe, expect, it } from 'vitest';
import { config, globalConfig } from 'zod/v4/core';
import { makeZodJitless } from './zod-jitless';

afterEach(() => {
  config({ jitless: false });
});

describe('makeZodJitless', () => {
  it('turns on zod’s jitless mode in the configuration zod reads', () => {
    config({ jitless: false });
    makeZodJitless();
    expect(globalConfig.jitless).toBe(true);
  });
});
