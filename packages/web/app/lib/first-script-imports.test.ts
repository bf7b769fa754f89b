import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The modules a page evaluates before it can be used: its route module and what that imports
 * statically (types and `import()` aside), across the web app and the contract. Evaluating
 * zod and the contract's schemas was 50–150 ms of one task of the search page and the editor
 * at Lighthouse's phone slowdown, so these pages load the schemas with their first check
 * (lib/http/contract-schemas.ts, features/editor/model/editor-schemas.ts); this keeps a
 * static import from bringing them back.
 */

const app = dirname(fileURLToPath(new URL('.', import.meta.url)));
const contract = resolve(app, '../../contract/src');

/** The file a specifier names, or the bare package name for anything outside both. */
function resolveImport(specifier: string, from: string): string | undefined {
  if (specifier.startsWith('@geoportal/contract/')) {
    const name = specifier.slice('@geoportal/contract/'.length);
    return name.endsWith('.json') || name.includes('?') ? undefined : join(contract, `${name}.ts`);
  }
  if (!specifier.startsWith('.')) return `package:${specifier}`;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined; // CSS modules, assets
}

/** The specifiers a module imports or re-exports at run time. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      // `import { type A }` still loads the module under verbatimModuleSyntax.
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Each package the page's first script reaches, with the chain of modules that leads to it. */
function packagesReached(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: { file: string; chain: string[] }[] = [{ file: entry, chain: [] }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { file, chain } = next;
    if (seen.has(file)) continue;
    seen.add(file);
    const path = [...chain, relative(resolve(app, '..'), file)];
    for (const specifier of runtimeImports(file)) {
      const target = resolveImport(specifier, file);
      // React Router keeps `.server` modules out of the browser's bundle.
      if (!target || /\.server\.tsx?$/.test(target)) continue;
      if (target.startsWith('package:')) {
        const name = target.slice('package:'.length);
        if (!packages.has(name)) packages.set(name, path);
      } else queue.push({ file: target, chain: path });
    }
  }
  return packages;
}

describe('the first script of a page imports no schema library', () => {
  it.each([
    ['the root of every page', 'root.tsx'],
    ['the map', 'routes/home.tsx'],
    ['the search', 'routes/search.tsx'],
    ['the editor of a new record', 'routes/metadata-create.tsx'],
    ['the editor of a saved record', 'routes/metadata-edit.tsx'],
  ])('%s (%s)', (_page, route) => {
    const zod = [...packagesReached(join(app, route))].filter(([name]) => /^zod(\/|$)/.test(name));
    // The chain names the static import to turn into a type import or a lazy one.
    expect(zod.map(([name, chain]) => `${name} ← ${chain.join(' ← ')}`)).toEqual([]);
  });

  it('follows imports through the contract, so a schema module would be found', () => {
    expect(packagesReached(join(contract, 'object.ts')).has('zod')).toBe(true);
  });
});
