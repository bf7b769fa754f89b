// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { colorSchemeManager } from './color-scheme';
import { createAppStorage } from './storage';
import { MemoryStorage } from './testing/fake-storage';

describe('colour scheme storage (SPEC §4)', () => {
  it('stores light and dark under colorScheme and removes the key for auto', () => {
    const local = new MemoryStorage();
    const manager = colorSchemeManager(createAppStorage({ local, session: null }));
    expect(manager.get('auto')).toBe('auto');
    manager.set('dark');
    expect(local.getItem('colorScheme')).toBe('dark');
    expect(manager.get('auto')).toBe('dark');
    manager.set('auto');
    expect(local.getItem('colorScheme')).toBeNull();
    expect(manager.get('auto')).toBe('auto');
  });

  it('follows a change made in another tab', () => {
    const manager = colorSchemeManager(
      createAppStorage({ local: new MemoryStorage(), session: null }),
    );
    const onUpdate = vi.fn();
    manager.subscribe(onUpdate);
    window.dispatchEvent(new StorageEvent('storage', { key: 'colorScheme', newValue: 'dark' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'colorScheme', newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: 'x' }));
    expect(onUpdate.mock.calls).toEqual([['dark'], ['auto']]);
    manager.unsubscribe();
  });
});
