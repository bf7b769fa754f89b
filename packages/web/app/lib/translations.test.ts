import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import en from '@geoportal/contract/i18n/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';

const files: Record<string, Record<string, string>> = { de, en };
const appDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // routes.ts names routes by id ({ id: 'management.profile' }); those are not texts.
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'routes.ts'
      ? [full]
      : [];
  });
}

/** Keys the app uses literally: `id="…"`, `id: '…'`, `titleKey="…"`, `pageMeta('…')`, `breadcrumb: '…'`. */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const pattern =
    /(?:\blabel:\s*["']|\bt\(["']|\bid=["']|\bid:\s*["']|titleKey=["']|pageMeta\(["']|breadcrumb:\s*["']|messages\[["'])([a-z][\w.]*\.[\w.]+)["']/g;
  for (const file of sourceFiles(appDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      used.set(match[1] as string, path.relative(appDir, file));
    }
  }
  return used;
}

describe('translation files', () => {
  it('have the same keys in de and en', () => {
    const missingInEn = Object.keys(de).filter((key) => !(key in en));
    const missingInDe = Object.keys(en).filter((key) => !(key in de));
    expect({ missingInEn, missingInDe }).toEqual({ missingInEn: [], missingInDe: [] });
  });

  it.each(Object.keys(files))('%s holds only non-empty, valid ICU messages', (lang) => {
    for (const [key, message] of Object.entries(files[lang] as Record<string, string>)) {
      expect(message.trim(), `${lang}:${key}`).not.toBe('');
      expect(() => parse(message), `${lang}:${key}`).not.toThrow();
    }
  });

  it('contain every key the web app uses', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(([key]) => !(key in de) || !(key in en));
    expect(missing.map(([key, file]) => `${key} (${file})`)).toEqual([]);
  });

  it('has a text for every stable error code', async () => {
    const { ErrorCode } = await import('@geoportal/contract/errors');
    for (const code of Object.values(ErrorCode)) {
      expect(de, code).toHaveProperty([`error.${code}`]);
      expect(en, code).toHaveProperty([`error.${code}`]);
    }
  });
});
