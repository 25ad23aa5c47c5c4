/**
 * The port through which the pure layers get the bytes of data files without opening them: the
 * shipped tables of `data/` (read in pieces, on demand) and a user's own file (a leave table),
 * read under a size cap through the user's private cache. The reading itself is in
 * lexicon/data-files.ts, which installs itself here when it loads (the word-list loader,
 * lexicon/load.ts, loads it, so every Node process that has a lexicon has the port); a host
 * without files (the browser server) installs nothing and hands the shipped bytes over instead.
 *
 * Invariants: no I/O here and no Node built-in; `dataFileAccess()` is undefined until a reader is
 * installed, and callers then say the file cannot be read.
 *
 * Example:
 *   const access = dataFileAccess();
 *   const r = access?.readThroughCache('mine.klv2', { maxBytes: 64 << 20, kind: 'leaves', version: 1 });
 *   if (r?.ok && r.cached) use(r.cached); else if (r?.ok) r.store(derive(r.bytes));
 */

/**
 * Random access to a file's bytes, for a reader that takes only some of them and puts them where
 * they are kept (a typed array) instead of reading the whole file into one buffer first.
 */
export interface ByteSource {
  readonly size: number;
  /** Fills `into` with the bytes from offset `at`; false when they are not all there (or the read failed). */
  read(at: number, into: Uint8Array): boolean;
}

/**
 * A user's file read through the cache: its content key (the SHA-256 of its bytes and the
 * version of what is derived from them) and either the entry cached for that key or the file's
 * bytes, with `store` to cache what was derived from them. `reason` says why the file was not read.
 */
export type CachedRead =
  | { readonly ok: true; readonly key: string; readonly cached: Uint8Array }
  | {
      readonly ok: true;
      readonly key: string;
      readonly cached?: undefined;
      readonly bytes: Uint8Array;
      /** Caches `derived` for this content (a failed write only loses the cache). */
      store(derived: Uint8Array): void;
    }
  | { readonly ok: false; readonly reason: string; readonly size?: number };

export interface CachedReadOptions {
  readonly maxBytes: number;
  /** The entries' name prefix ('leaves'). */
  readonly kind: string;
  /** The version of what is derived (part of the key). */
  readonly version: number;
  /** Read the file even when an entry is cached (the entry found was not usable); `store` replaces it. */
  readonly ignoreCache?: boolean;
}

interface DataFileAccess {
  /** Where the shipped data file `name` lives: in `dataDir`, else in the project's data folder. */
  dataFilePath(name: string, dataDir?: string): string;
  /** A shipped data file opened until `close` (see lexicon/data-files.ts); undefined when it cannot be opened. */
  openDataFile(file: string): (ByteSource & { close(): void }) | undefined;
  /**
   * A user's regular file of at most `maxBytes` (else `reason` 'not-a-file', 'too-large' or an
   * errno code), keyed by content; entries are named `<kind>-<key>` in the private cache folder.
   */
  readThroughCache(file: string, options: CachedReadOptions): CachedRead;
}

let installed: DataFileAccess | undefined;

/** Installs the reader of data files (lexicon/data-files.ts does, as it loads). */
export function provideDataFileAccess(access: DataFileAccess): void {
  installed = access;
}

/** The installed reader of data files, or undefined in a host without files. */
export function dataFileAccess(): DataFileAccess | undefined {
  return installed;
}
