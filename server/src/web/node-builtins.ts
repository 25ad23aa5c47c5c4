/**
 * Stand-ins for the Node modules that the analysis's modules import but that the browser server
 * never reaches (files, the home folder, hashing of user lists): the browser bundle maps `node:fs`,
 * `node:os`, `node:crypto`, `node:url` and `node:worker_threads` here (scripts/bundles.mjs), and
 * `node:path` to `web/path.ts`. A call that needs the real thing throws a clear error, which the
 * server's guards log; the equivalence test (test/unit/web) shows the editor features never do.
 *
 * Invariants: imports nothing; every export is a function, constant or namespace a Node module
 * has, under the same name.
 *
 * Example: `import * as fs from 'node:fs'` in lexicon/load.ts gets this module in the browser.
 */
function unavailable(name: string): never {
  throw new Error(`${name} is not available in the browser`);
}

// node:fs
export const existsSync = (): boolean => false;
export const statSync = (): never => unavailable('fs.statSync');
export const lstatSync = (): never => unavailable('fs.lstatSync');
export const readFileSync = (): never => unavailable('fs.readFileSync');
export const writeFileSync = (): never => unavailable('fs.writeFileSync');
export const mkdirSync = (): never => unavailable('fs.mkdirSync');
export const readdirSync = (): never => unavailable('fs.readdirSync');
export const openSync = (): never => unavailable('fs.openSync');
export const readSync = (): never => unavailable('fs.readSync');
export const writeSync = (): never => unavailable('fs.writeSync');
export const closeSync = (): never => unavailable('fs.closeSync');
export const fstatSync = (): never => unavailable('fs.fstatSync');
export const renameSync = (): never => unavailable('fs.renameSync');
export const unlinkSync = (): never => unavailable('fs.unlinkSync');
export const rmSync = (): never => unavailable('fs.rmSync');
export const mkdtempSync = (): never => unavailable('fs.mkdtempSync');
export const realpathSync = (): never => unavailable('fs.realpathSync');
export const fsyncSync = (): never => unavailable('fs.fsyncSync');
export const readlinkSync = (): never => unavailable('fs.readlinkSync');
export const fchmodSync = (): never => unavailable('fs.fchmodSync');
export const chmodSync = (): never => unavailable('fs.chmodSync');
export const fchownSync = (): never => unavailable('fs.fchownSync');
export const constants = {};

// node:os
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
export const endianness = (): 'LE' | 'BE' => (littleEndian ? 'LE' : 'BE');
export const homedir = (): string => '/';
export const tmpdir = (): string => '/tmp';
export const platform = (): string => 'browser';
export const cpus = (): unknown[] => [];
export const availableParallelism = (): number => 1;
export const EOL = '\n';

// node:crypto
export const createHash = (): never => unavailable('crypto.createHash');
export const randomBytes = (): never => unavailable('crypto.randomBytes');

// node:url
export const fileURLToPath = (url: string): string => decodeURIComponent(new URL(url).pathname);
export const pathToFileURL = (file: string): URL => new URL(`file://${encodeURI(file)}`);

// node:worker_threads
export const isMainThread = true;
export const parentPort = null;
export const workerData = undefined;
export class Worker {
  constructor() {
    unavailable('worker_threads.Worker');
  }
}
