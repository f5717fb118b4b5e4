// Site-wide settings, from the environment so no host is written into the repository.
import { execFileSync } from 'node:child_process';

export const siteName = 'perflab';
export const siteTagline = 'LLM-inference performance reports with every number checked against its raw run';

/** `https://github.com/org/repo.git` or `git@github.com:org/repo.git` -> `https://github.com/org/repo`. */
export function webUrlOfRemote(remote: string): string | null {
  const ssh = /^git@([^:]+):(.+?)(?:\.git)?$/.exec(remote.trim());
  if (ssh) return `https://${ssh[1]}/${ssh[2]}`;
  const https = /^https:\/\/(?:[^@/]+@)?([^/]+)\/(.+?)(?:\.git)?\/?$/.exec(remote.trim());
  return https ? `https://${https[1]}/${https[2]}` : null;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Base of "edit this page" links, e.g. `https://github.com/org/repo/edit/main/`. PERFLAB_EDIT_URL wins;
 * otherwise the `origin` remote and current branch; null when neither is known.
 */
export const editBase: string | null = (() => {
  if (process.env.PERFLAB_EDIT_URL) return process.env.PERFLAB_EDIT_URL.replace(/\/?$/, '/');
  const remote = git(['remote', 'get-url', 'origin']);
  const web = remote ? webUrlOfRemote(remote) : null;
  const branch = git(['rev-parse', '--abbrev-ref', 'HEAD']) ?? 'main';
  return web ? `${web}/edit/${branch}/` : null;
})();
