// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Load, useLoaded } from './use-loaded';

/** A load whose answers the test hands out one by one. */
function scripted<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const load: Load<T> = () =>
    new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

describe('useLoaded', () => {
  it('loads on mount and reports the answer', async () => {
    const { load, pending } = scripted<string>();
    const { result } = renderHook(() => useLoaded(load));
    expect(result.current.loading).toBe(true);
    act(() => pending[0]?.resolve('a'));
    await waitFor(() => expect(result.current.data).toBe('a'));
    expect(result.current).toMatchObject({ loading: false, error: undefined });
  });

  it('loads nothing for null', () => {
    const { result } = renderHook(() => useLoaded<string>(null));
    expect(result.current).toMatchObject({ data: undefined, loading: false });
  });

  it('keeps the data while reloading, and reports a failure without a reason as one', async () => {
    const { load, pending } = scripted<string>();
    const { result } = renderHook(() => useLoaded(load));
    act(() => pending[0]?.resolve('a'));
    await waitFor(() => expect(result.current.data).toBe('a'));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.data).toBe('a');
    act(() => pending[1]?.reject(undefined));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
  });

  it('forgets the data of other inputs and drops the answer of an older load', async () => {
    const first = scripted<string>();
    const second = scripted<string>();
    const { result, rerender } = renderHook(({ load }) => useLoaded(load), {
      initialProps: { load: first.load },
    });
    act(() => first.pending[0]?.resolve('a'));
    await waitFor(() => expect(result.current.data).toBe('a'));
    act(() => result.current.reload());
    rerender({ load: second.load });
    await waitFor(() => expect(result.current.data).toBeUndefined());
    act(() => first.pending[1]?.resolve('old'));
    act(() => second.pending[0]?.resolve('b'));
    await waitFor(() => expect(result.current.data).toBe('b'));
  });

  it('takes data from a save without a request', async () => {
    const { load, pending } = scripted<string>();
    const { result } = renderHook(() => useLoaded(load));
    act(() => pending[0]?.resolve('a'));
    await waitFor(() => expect(result.current.data).toBe('a'));
    act(() => result.current.set('saved'));
    expect(result.current.data).toBe('saved');
    expect(pending).toHaveLength(1);
  });
});
