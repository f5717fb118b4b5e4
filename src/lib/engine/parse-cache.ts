import { savedFilesHold } from '../saved/read.js';
import { codeHash } from './code.js';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { VFile } from 'vfile';
import { analyze, type Analysis } from '../pipeline.js';

/** Layout of an entry on disk; bump when it changes. */
const ENTRY_VERSION = 4;
const MAGIC = Buffer.from(`PLC${ENTRY_VERSION}`);
const DIGEST = 32;

/** What an entry holds besides the analysis: everything it must match before it is used. */
interface Record {
  entry: number;
  /** `codeHash()` of the code that wrote it. */
  code: string;
  path: string;
  absolutePath: string;
  /** sha256 of the exact source text the analysis was made from. */
  source: string;
  /** True when the analysis read exactly the source (no BOM or lone CR to normalise): its text is not stored. */
  sameText?: boolean;
  analysis: Analysis;
}

const sha256 = (data: string | Buffer): Buffer => createHash('sha256').update(data).digest();

/**
 * Parsed pages on disk, keyed by the code that parses (`codeHash()`), the path and the exact source: a re-run of
 * `perflab check` only tokenizes the files that changed (Markdown tokenizing is most of its time). The checks
 * that need every page always run afresh. v8 serialisation keeps the outline's references into the tree.
 *
 * An entry is trusted only after it proves itself: `PLC<version>`, the sha256 of the payload, then the payload;
 * the payload names the code hash, the path and the sha256 of the source it was parsed from, and each is
 * compared on read. A corrupt, truncated, foreign (copied from another file) or stale entry is deleted and the
 * page parsed afresh, never used. Entries are written to a temporary file and renamed into place, so a reader
 * never sees half an entry. A cache folder that cannot be written only costs speed.
 */
export class AnalysisCache {
  hits = 0;
  /** Entries found but refused (corrupt, foreign or stale). */
  discarded = 0;
  private readonly dir: string | null;
  private readonly code: string;

  /** `code`: the version of the code that parses; `codeHash()` unless a test stands in another build. */
  constructor(dir: string | null, options: { code?: string } = {}) {
    let usable = dir;
    if (dir) {
      try {
        mkdirSync(dir, { recursive: true });
      } catch {
        usable = null;
      }
    }
    this.dir = usable;
    this.code = options.code ?? codeHash();
  }

  /** The key of a page: a digest of everything the analysis depends on (the code, the page's paths and text). */
  keyOf(source: string, path: string, absolutePath: string): string {
    return createHash('sha256').update(`${ENTRY_VERSION}\0${this.code}\0${path}\0${absolutePath}\0`).update(source).digest('hex');
  }

  /** Whether entries are kept at all (false when the folder cannot be made). */
  get usable(): boolean {
    return this.dir !== null;
  }

  /** The entry file of a page, named by its key (`keyOf`, or the key already made). */
  fileOf(source: string, path: string, absolutePath: string, key = this.keyOf(source, path, absolutePath)): string | null {
    return this.dir ? join(this.dir, `${key}.bin`) : null;
  }

  /** The cached analysis of a page, or null (not cached, or refused). `key`: its `keyOf`, when already made. */
  lookup(source: string, path: string, absolutePath: string, key?: string): Analysis | null {
    const file = this.fileOf(source, path, absolutePath, key);
    if (!file) return null;
    const cached = this.read(file, { path, absolutePath, source: sha256(source).toString('hex') });
    if (!cached) return null;
    // A page's runs include those of the saved result files it links to: an entry holds while they are unchanged.
    if (!savedFilesHold(absolutePath, path, cached.analysis.report.savedFiles ?? [])) return null;
    this.hits++;
    return revive(cached, source);
  }

  /** Keep the analysis of a page (made from exactly `source`) for the next run. */
  store(source: string, path: string, absolutePath: string, analysis: Analysis, key?: string): void {
    const file = this.fileOf(source, path, absolutePath, key);
    if (!file) return;
    // The text and the VFile are made again on read (see `revive`): the page's text is not stored with its parse
    // when the reader has it already (the source it looks the page up by), and never twice.
    const sameText = analysis.source === source;
    const kept: Analysis = { ...analysis, file: undefined as unknown as Analysis['file'], source: sameText ? '' : analysis.source };
    this.write(file, {
      entry: ENTRY_VERSION,
      code: this.code,
      path,
      absolutePath,
      source: sha256(source).toString('hex'),
      sameText,
      analysis: kept,
    });
  }

  analyze(source: string, path: string, absolutePath: string): Analysis {
    const cached = this.lookup(source, path, absolutePath);
    if (cached) return cached;
    const fresh = analyze(source, path, absolutePath);
    this.store(source, path, absolutePath, fresh);
    return fresh;
  }

  private read(file: string, want: Pick<Record, 'path' | 'absolutePath' | 'source'>): Record | null {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return null; // not cached yet
    }
    const record = verifyEntry(bytes);
    if (
      record &&
      record.entry === ENTRY_VERSION &&
      record.code === this.code &&
      record.path === want.path &&
      record.absolutePath === want.absolutePath &&
      record.source === want.source &&
      typeof record.analysis?.source === 'string' &&
      record.analysis.report?.path === want.path
    ) {
      return record;
    }
    this.discarded++;
    try {
      rmSync(file, { force: true });
    } catch {
      // A read-only folder: the entry stays refused on every run.
    }
    return null;
  }

  private write(file: string, record: Record): void {
    const payload = serialize(record);
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      writeFileSync(tmp, Buffer.concat([MAGIC, sha256(payload), payload]));
      renameSync(tmp, file);
    } catch {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // nothing to clean
      }
    }
  }
}

/**
 * An analysis back from v8 serialisation: that keeps data, not classes, so the
 * VFile is made again from the text.
 */
function revive({ analysis, sameText }: Pick<Record, 'analysis' | 'sameText'>, source: string): Analysis {
  const text = sameText ? source : analysis.source;
  return { ...analysis, source: text, file: new VFile({ path: analysis.report.path, value: text }) };
}

/** The record of an entry whose header and checksum hold, else null (never throws). */
export function verifyEntry(bytes: Buffer): Record | null {
  if (bytes.length <= MAGIC.length + DIGEST || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const digest = bytes.subarray(MAGIC.length, MAGIC.length + DIGEST);
  const payload = bytes.subarray(MAGIC.length + DIGEST);
  if (!sha256(payload).equals(digest)) return null;
  try {
    const record = deserialize(payload) as Record;
    return record && typeof record === 'object' ? record : null;
  } catch {
    return null;
  }
}
