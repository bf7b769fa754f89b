import { writeFileSync } from 'node:fs';
import { describeBuild } from './modules/system/git-info.js';

/** Build step: writes the build description served as /assets/git.json. */
const target = process.argv[2];
if (!target) {
  console.error('usage: write-git-info <file>');
  process.exit(2);
}
writeFileSync(target, `${JSON.stringify(describeBuild(), null, 2)}\n`);
