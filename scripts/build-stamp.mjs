/**
 * Whether the app must be built before it starts: a hash over every source file of the
 * three packages the server runs (contract, web, server), the lock file and the current
 * commit, compared with the hash stored by the last build. `npm start` builds only when
 * they differ or an output is missing, so a restart takes seconds instead of half a minute.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Folders whose files are built into what the server runs. */
export const SOURCE_DIRS = ['packages/contract', 'packages/web', 'packages/server'];
/** Single files that change what a build produces. */
export const SOURCE_FILES = ['package-lock.json', 'tsconfig.base.json'];
/** Build outputs and installed packages: never inputs. */
const SKIPPED = new Set(['node_modules', 'dist', 'build', '.react-router']);
/** What a build leaves behind; a missing one means building again. */
export const OUTPUTS = [
  'packages/contract/dist',
  'packages/web/build/server/index.js',
  'packages/server/dist/main.js',
];
/** Where the last build's hash is kept (gone with node_modules, which `npm ci` renews). */
export const STAMP = 'node_modules/.cache/geoportal/build-stamp';

function filesUnder(root, dir) {
  const found = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(root, path));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** The commit checked out, so the version shown in the footer is rebuilt with it. */
function currentCommit(root) {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'no-git';
  }
}

/** The hash of everything a build reads, from `root`. */
export function sourceHash(root) {
  const hash = createHash('sha256');
  const files = [
    ...SOURCE_DIRS.filter((dir) => existsSync(join(root, dir))).flatMap((dir) =>
      filesUnder(root, dir),
    ),
    ...SOURCE_FILES.filter((file) => existsSync(join(root, file))),
  ].sort();
  for (const file of files) {
    hash.update(relative(root, join(root, file)));
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  hash.update(currentCommit(root));
  return hash.digest('hex');
}

/** Whether `root` needs a build: the sources changed since the last one, or an output is gone. */
export function needsBuild(root) {
  if (OUTPUTS.some((output) => !existsSync(join(root, output)))) return true;
  const stamp = join(root, STAMP);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8') !== sourceHash(root);
}

/** Records that `root` was built from its current sources. */
export function writeStamp(root) {
  const stamp = join(root, STAMP);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, sourceHash(root));
}
