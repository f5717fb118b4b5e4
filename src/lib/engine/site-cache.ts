// Files the loader writes beside the content store: each report's entry, rendered HTML, Markdown source, full runs,
// explorer rows, published data and part of runs.csv (src/lib/site/cached.ts `cacheSuffixes`), named by entry id and
// digest. The store keeps only their path prefix (`data.cache`) and the SHA-256
// of each file (`data.cacheHashes`), so Astro does not bundle them into the build; pages read them back through
// src/lib/site/cached.ts, which checks the hashes again. Files are written to a temporary name and renamed, so a
// reader never sees half a file; an entry whose files are missing or differ from their hashes is re-rendered.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cacheSuffixes, contentHash, type CacheHashes } from '../site/cached.js';

const suffixes = Object.values(cacheSuffixes);
const kinds = Object.keys(cacheSuffixes) as (keyof typeof cacheSuffixes)[];

/**
 * Path prefix of one entry's files: `<dir>/<the id's first 40 safe characters>-<hash of the id>-<digest>`. The name's
 * length is bounded whatever the page's path (a path of 210 characters made a name past the file system's 255 bytes,
 * so the build failed where `perflab check` passed); the readable part only helps a person find a page's files.
 */
export function cachePrefix(dir: string, id: string, digest: string): string {
  const readable = id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
  const idHash = createHash('sha256').update(id).digest('hex').slice(0, 16);
  return join(dir, `${readable}-${idHash}-${digest.slice(0, 64)}`);
}

/**
 * The files this process has hashed, with what `stat` said of each then. A dev server checks every entry on each
 * reload; a file whose size, inode and modification time are as they were is not read again. (Publishing does not
 * rest on this: pages read each file through src/lib/site/cached.ts, which hashes the text it publishes.)
 */
const hashed = new Map<string, { size: number; mtimeMs: number; ino: number; hash: string }>();

function hashOf(file: string): string {
  const stat = statSync(file);
  const known = hashed.get(file);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ino === stat.ino) return known.hash;
  const hash = contentHash(readFileSync(file));
  hashed.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, hash });
  return hash;
}

/** A file this process has just written, with the hash of what it wrote. */
function remember(file: string, hash: string): void {
  try {
    const stat = statSync(file);
    hashed.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, hash });
  } catch {
    hashed.delete(file);
  }
}

/** True when every file of the entry is there and matches its stored hash (else the entry is rendered again). */
export function cacheValid(entry: { cache?: unknown; cacheHashes?: unknown } | undefined): boolean {
  const prefix = entry?.cache;
  const hashes = entry?.cacheHashes as Partial<CacheHashes> | undefined;
  if (typeof prefix !== 'string' || !hashes || typeof hashes !== 'object') return false;
  return kinds.every((k) => {
    try {
      return typeof hashes[k] === 'string' && hashOf(prefix + cacheSuffixes[k]) === hashes[k];
    } catch {
      return false;
    }
  });
}

/** The cache could not be written (read-only, full, ...): the build stops and names the folder and the cause. */
export class CacheWriteError extends Error {}

function writeAtomic(file: string, bytes: Buffer): void {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, bytes);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CacheWriteError(
      `cannot write the render cache file \`${file}\`: ${(error as Error).message}. ` +
        'Make the folder writable and leave space on its disk, or point PERFLAB_CACHE_DIR elsewhere.',
    );
  }
}

/** The text of each of an entry's files (./page-entry.ts makes them). */
export type CacheTexts = Record<keyof typeof cacheSuffixes, string>;

/** Writes the entry's files and returns their hashes, to be stored with the entry. */
export function writeCache(prefix: string, text: CacheTexts): CacheHashes {
  try {
    mkdirSync(join(prefix, '..'), { recursive: true });
  } catch (error) {
    throw new CacheWriteError(`cannot create the render cache folder \`${join(prefix, '..')}\`: ${(error as Error).message}`);
  }
  // Each text is encoded once: hashed and written as the same bytes.
  const hashes = {} as CacheHashes;
  for (const k of kinds) {
    const bytes = Buffer.from(text[k], 'utf8');
    hashes[k] = contentHash(bytes);
    const file = prefix + cacheSuffixes[k];
    writeAtomic(file, bytes);
    remember(file, hashes[k]);
  }
  return hashes;
}

/** Delete the files of entries that are no longer in the store (older digests, removed pages) and stale temp files. */
export function pruneCache(dir: string, keep: Iterable<string>): void {
  if (!existsSync(dir)) return;
  const kept = new Set([...keep].flatMap((prefix) => suffixes.map((s) => prefix + s)));
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    const staleTemp = name.endsWith('.tmp') && (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < hourAgo;
    if (staleTemp || (!kept.has(file) && suffixes.some((s) => name.endsWith(s)))) {
      rmSync(file, { force: true });
      hashed.delete(file);
    }
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The pid in a lock file; `writing` while the file is empty and young (its creator has not written its pid yet);
 * null when it is gone, or holds no pid after a second (left by a process that died while taking it).
 */
function ownerOf(lock: string): number | 'writing' | null {
  let text: string;
  let age: number;
  try {
    text = readFileSync(lock, { encoding: 'utf8', flag: 'r' }).trim();
    age = Date.now() - statSync(lock).mtimeMs;
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  if (Number.isInteger(pid) && String(pid) === text) return pid;
  return text === '' && age < 1000 ? 'writing' : null;
}

/**
 * Takes the cache folder for this process until it exits, so two builds of one project never write and prune the
 * same files at once: the second waits for the first (saying so once), and gives up after `timeoutMs` with a clear
 * message. A lock left by a process that no longer runs is taken over. The lock is the file `<dir>.lock`.
 */
export async function lockCache(dir: string, say: (message: string) => void, timeoutMs = 600_000): Promise<void> {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new CacheWriteError(`cannot create the render cache folder \`${dir}\`: ${(error as Error).message}`);
  }
  // Beside the folder, not in it: the folder holds only entry files.
  const lock = `${dir}.lock`;
  const started = Date.now();
  let waiting = false;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      process.once('exit', () => {
        try {
          if (readFileSync(lock, 'utf8') === String(process.pid)) rmSync(lock, { force: true });
        } catch {
          // Already gone.
        }
      });
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new CacheWriteError(
          `cannot write to the render cache folder \`${dir}\`: ${(error as Error).message}. Make it writable, or point PERFLAB_CACHE_DIR elsewhere.`,
        );
      }
    }
    const owner = ownerOf(lock);
    if (owner === process.pid) return;
    if (owner === 'writing') {
      // `wx` creates the file before the pid is written: another build is taking the lock right now.
      await sleep(50);
      continue;
    }
    if (owner === null || !alive(owner)) {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `another build (process ${owner}) is using the render cache \`${dir}\`; wait for it to finish, or give this build its own PERFLAB_CACHE_DIR.`,
      );
    }
    if (!waiting) say(`waiting for another build (process ${owner}) that is using \`${dir}\``);
    waiting = true;
    await sleep(500);
  }
}

/** Entry files another thread of this process has just written (see `writeCache`), with their hashes. */
export function rememberCache(prefix: string, hashes: CacheHashes): void {
  for (const k of kinds) remember(prefix + cacheSuffixes[k], hashes[k]);
}
