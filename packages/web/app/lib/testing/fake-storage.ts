import type { KeyValueStorage } from '../storage';

/** An in-memory `KeyValueStorage` for tests; `entries` shows what was stored. */
export class MemoryStorage implements KeyValueStorage {
  readonly entries = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.entries.set(key, value);
  }

  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.entries.set(key, String(value));
  }

  removeItem(key: string): void {
    this.entries.delete(key);
  }
}

/** A storage that fails like a disabled or full browser storage. */
export class FailingStorage implements KeyValueStorage {
  getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }

  setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }

  removeItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
}
