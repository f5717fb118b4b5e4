// Last-commit dates from one `git log` call; null for every file outside a repository.
import { execFileSync } from 'node:child_process';

export function lastUpdated(projectRoot: string, projectPaths: readonly string[]): Map<string, string> {
  const dates = new Map<string, string>();
  if (projectPaths.length === 0) return dates;
  let log: string;
  try {
    log = execFileSync('git', ['-c', 'core.quotepath=off', 'log', '--relative', '--format=@%cI', '--name-only', '--', ...projectPaths], {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return dates;
  }
  let date = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) date = line.slice(1);
    else if (line && !dates.has(line)) dates.set(line, date); // newest first
  }
  return dates;
}
