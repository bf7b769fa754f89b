import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without type declarations.
import { needsBuild, OUTPUTS, writeStamp } from './build-stamp.mjs';

let trees: string[] = [];
afterEach(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
  trees = [];
});

function write(root: string, path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A project tree with sources and the outputs of a build. */
function builtTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'geoportal-stamp-'));
  trees.push(root);
  write(root, 'packages/server/src/main.ts', 'export {};');
  write(root, 'packages/web/app/root.tsx', 'export {};');
  write(root, 'packages/contract/src/i18n.ts', 'export {};');
  write(root, 'package-lock.json', '{}');
  for (const output of OUTPUTS as string[])
    write(root, join(output, output.endsWith('.js') ? '' : 'index.js'), '');
  return root;
}

describe('build stamp', () => {
  it('builds a fresh tree, then not again until a source changes', () => {
    const root = builtTree();
    expect(needsBuild(root)).toBe(true);
    writeStamp(root);
    expect(needsBuild(root)).toBe(false);
    // Outputs and installed packages are not sources.
    write(root, 'packages/server/dist/other.js', 'changed');
    write(root, 'packages/web/node_modules/x/index.js', 'changed');
    expect(needsBuild(root)).toBe(false);
    write(root, 'packages/web/app/root.tsx', 'export const changed = 1;');
    expect(needsBuild(root)).toBe(true);
    writeStamp(root);
    write(root, 'packages/contract/i18n/de.json', '{}');
    expect(needsBuild(root)).toBe(true);
    writeStamp(root);
    write(root, 'package-lock.json', '{"changed":true}');
    expect(needsBuild(root)).toBe(true);
  });

  it('builds again when an output is missing', () => {
    const root = builtTree();
    writeStamp(root);
    rmSync(join(root, 'packages/server/dist'), { recursive: true });
    expect(needsBuild(root)).toBe(true);
  });
});
