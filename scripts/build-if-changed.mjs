/**
 * `npm start`'s build step: builds the app only when its sources changed since the last build
 * (scripts/build-stamp.mjs), and says which it did.
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { needsBuild, writeStamp } from './build-stamp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (!needsBuild(root)) {
  console.log('The build is up to date with the sources: starting it without building.');
  process.exit(0);
}
console.log('Building the app (only after a change of the sources) …');
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
writeStamp(root);
