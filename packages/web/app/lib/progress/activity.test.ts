import { describe, expect, it, vi } from 'vitest';
import { createActivityCounter } from './activity';

describe('createActivityCounter', () => {
  it('counts started work until its done function is called', () => {
    const counter = createActivityCounter();
    const doneA = counter.start();
    const doneB = counter.start();
    expect(counter.getSnapshot()).toBe(2);
    doneA();
    expect(counter.getSnapshot()).toBe(1);
    doneB();
    expect(counter.getSnapshot()).toBe(0);
  });

  it('counts a done function once, however often it is called', () => {
    const counter = createActivityCounter();
    const done = counter.start();
    counter.start();
    done();
    done();
    expect(counter.getSnapshot()).toBe(1);
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const counter = createActivityCounter();
    const listener = vi.fn();
    const unsubscribe = counter.subscribe(listener);
    const done = counter.start();
    done();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    counter.start();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
