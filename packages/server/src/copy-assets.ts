import { cpSync } from 'node:fs';

/**
 * Build step: copies the files modules read at run time from beside their code (tsc copies
 * only code) into dist, to the same place relative to the compiled module.
 */
const assets = ['modules/csw/schemas'];

for (const dir of assets) {
  cpSync(new URL(`../src/${dir}/`, import.meta.url), new URL(`./${dir}/`, import.meta.url), {
    recursive: true,
  });
}
