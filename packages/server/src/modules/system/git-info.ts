import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { GitInfo } from '@geoportal/contract/system';

const productVersion: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

/** The product version from the package manifest. */
export function getProductVersion(): string {
  return productVersion;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** Reads commit and branch from the working copy; used at build time to write git.json. */
export function describeBuild(now = new Date()): GitInfo {
  return {
    commit: git(['rev-parse', 'HEAD']),
    branch: git(['rev-parse', '--abbrev-ref', 'HEAD']),
    buildTime: now.toISOString(),
    version: productVersion,
  };
}

/**
 * The build description written by `write-git-info` at build time. A server started from
 * sources without a build (tests, development) describes the working copy instead.
 */
export function loadGitInfo(file: string | URL): GitInfo {
  try {
    return GitInfo.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return describeBuild();
  }
}
