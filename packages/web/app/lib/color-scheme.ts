import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { type AppStorage, appStorage, storageKeys } from './storage';

/**
 * Keeps Mantine's colour scheme under the product's storage key (SPEC §3, §4): `colorScheme`
 * holds `light` or `dark`; automatic is the absence of the key. Changes in another tab
 * apply here too.
 */
export function colorSchemeManager(storage: AppStorage = appStorage): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => storage.getColorScheme() ?? defaultValue,
    set: (value: MantineColorScheme) => storage.setColorScheme(value),
    subscribe(onUpdate) {
      listener = (event) => {
        if (event.key !== storageKeys.colorScheme) return;
        onUpdate(event.newValue === 'light' || event.newValue === 'dark' ? event.newValue : 'auto');
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe() {
      if (listener) window.removeEventListener('storage', listener);
      listener = undefined;
    },
    clear: () => storage.removeColorScheme(),
  };
}
