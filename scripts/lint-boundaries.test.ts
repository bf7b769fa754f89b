/**
 * The layering of DESIGN §7 is enforced by the lint, not remembered: this test runs Biome
 * with the project's own biome.json on small planted trees and checks that a cross-feature
 * import, an import of a feature from lib/ or components/, a server module reaching into
 * another module's routes or repository, and an import cycle each fail the lint, while the
 * allowed imports of the same shape pass.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

let trees: string[] = [];
afterEach(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
  trees = [];
});

/** Writes the files into a fresh folder beside a copy of the project's biome.json. */
function plant(files: Record<string, string>): string {
  const tree = mkdtempSync(join(tmpdir(), 'geoportal-lint-'));
  trees.push(tree);
  copyFileSync(join(root, 'biome.json'), join(tree, 'biome.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  return tree;
}

/** Runs the lint on the planted tree; answers the rules that fired, by file. */
function lint(tree: string): { ok: boolean; findings: string[] } {
  const run = spawnSync(
    biome,
    ['lint', '--vcs-enabled=false', '--max-diagnostics=50', '--colors=off', '.'],
    { cwd: tree, encoding: 'utf8' },
  );
  const output = `${run.stdout}${run.stderr}`;
  const findings = [
    ...output.matchAll(/^(\S+?):\d+:\d+ lint\/\w+\/(noRestrictedImports|noImportCycles)/gm),
  ].map((m) => `${m[1]} ${m[2]}`);
  return { ok: run.status === 0, findings: [...new Set(findings)].sort() };
}

const feature = 'packages/web/app/features';
const modules = 'packages/server/src/modules';

describe('the lint enforces the boundaries of DESIGN §7', () => {
  it('passes imports within a feature, from a feature into lib/, and from a route module', () => {
    const tree = plant({
      [`${feature}/editor/api/get-record.ts`]: 'export const getRecord = 1;\n',
      [`${feature}/editor/components/editor.tsx`]:
        "import { getRecord } from '../api/get-record';\nimport { client } from '../../../lib/http-client';\nexport const editor = getRecord + client;\n",
      [`${feature}/editor/components/sections/time.tsx`]:
        "import { getRecord } from '../../api/get-record';\nimport { client } from '../../../../lib/http-client';\nexport const time = getRecord + client;\n",
      'packages/web/app/lib/http-client.ts': 'export const client = 2;\n',
      'packages/web/app/routes/record.tsx':
        "import { editor } from '../features/editor/components/editor';\nexport const page = editor;\n",
      [`${modules}/files/file.service.ts`]:
        "import { loadReadable } from '../objects/object-kernel.js';\nimport { findFile } from './file.repository.js';\nexport const upload = loadReadable + findFile;\n",
      [`${modules}/files/file.repository.ts`]: 'export const findFile = 3;\n',
      [`${modules}/objects/object-kernel.ts`]: 'export const loadReadable = 4;\n',
    });
    expect(lint(tree)).toEqual({ ok: true, findings: [] });
  });

  it('fails a feature that imports another feature, at any depth', () => {
    const tree = plant({
      [`${feature}/records/api/get-record.ts`]: 'export const getRecord = 1;\n',
      [`${feature}/editor/components/editor.tsx`]:
        "import { getRecord } from '../../records/api/get-record';\nexport const editor = getRecord;\n",
      [`${feature}/editor/components/sections/time.tsx`]:
        "import { getRecord } from '../../../records/api/get-record';\nexport const time = getRecord;\n",
    });
    expect(lint(tree)).toEqual({
      ok: false,
      findings: [
        `${feature}/editor/components/editor.tsx noRestrictedImports`,
        `${feature}/editor/components/sections/time.tsx noRestrictedImports`,
      ],
    });
  });

  it('fails lib/ and components/ that import a feature', () => {
    const tree = plant({
      [`${feature}/map/api/basemap.ts`]: 'export const basemap = 1;\n',
      'packages/web/app/lib/api/map.ts':
        "import { basemap } from '../../features/map/api/basemap';\nexport const map = basemap;\n",
      'packages/web/app/components/map/small-map.tsx':
        "import { basemap } from '../../features/map/api/basemap';\nexport const small = basemap;\n",
    });
    expect(lint(tree)).toEqual({
      ok: false,
      findings: [
        'packages/web/app/components/map/small-map.tsx noRestrictedImports',
        'packages/web/app/lib/api/map.ts noRestrictedImports',
      ],
    });
  });

  it("fails a server module that reaches into another module's routes or repository", () => {
    const tree = plant({
      [`${modules}/objects/object.routes.ts`]: 'export const objectContext = 1;\n',
      [`${modules}/objects/object.repository.ts`]: 'export const findObject = 2;\n',
      [`${modules}/media/media.service.ts`]:
        "import { objectContext } from '../objects/object.routes.js';\nexport const media = objectContext;\n",
      [`${modules}/search/search.service.ts`]:
        "import { findObject } from '../objects/object.repository.js';\nexport const search = findObject;\n",
    });
    expect(lint(tree)).toEqual({
      ok: false,
      findings: [
        `${modules}/media/media.service.ts noRestrictedImports`,
        `${modules}/search/search.service.ts noRestrictedImports`,
      ],
    });
  });

  it('fails an import cycle', () => {
    const tree = plant({
      [`${modules}/files/file.routes.ts`]:
        "import { linkRoutes } from './file-links.routes.js';\nexport const bundleParams = 1;\nexport const fileRoutes = () => linkRoutes;\n",
      [`${modules}/files/file-links.routes.ts`]:
        "import { bundleParams } from './file.routes.js';\nexport const linkRoutes = () => bundleParams;\n",
    });
    expect(lint(tree)).toEqual({
      ok: false,
      findings: [
        `${modules}/files/file-links.routes.ts noImportCycles`,
        `${modules}/files/file.routes.ts noImportCycles`,
      ],
    });
  });
});
