// Whether a link's target lies outside the page's content folder: the site publishes nothing from there, and whether
// such a file exists is not the page's business (a message that said so would tell anyone who writes a page which
// files the machine that builds it holds).
import { isAbsolute, relative, sep } from 'node:path';

/**
 * The content folder a page was read from: its file on disk less its path below that folder (`file.path`); null
 * when the two do not line up (a page read from memory, or named alone).
 */
export function contentFolderOf(absolutePath: string | null, pagePath: string): string | null {
  if (!absolutePath) return null;
  const tail = pagePath.split('/').join(sep);
  if (!absolutePath.endsWith(`${sep}${tail}`)) return null;
  return absolutePath.slice(0, -tail.length - 1);
}

/** Whether `target` (absolute) lies outside `folder`; false when the folder is not known. */
export function outsideFolder(folder: string | null, target: string): boolean {
  if (!folder) return false;
  const rel = relative(folder, target);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}
