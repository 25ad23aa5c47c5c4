/**
 * POSIX `node:path` for the browser server bundle (scripts/bundles.mjs maps `node:path` here):
 * the functions the shared and analysis modules call, with Node's POSIX results.
 *
 * Invariants: imports nothing; same results as `path.posix` for the functions here (a unit test
 * compares them on a table of paths).
 *
 * Example:
 *   basename('/w/partida.gcg');   // 'partida.gcg'
 */
export const sep = '/';
export const delimiter = ':';

export function normalize(p: string): string {
  if (p === '') return '.';
  const absolute = p.startsWith('/');
  const parts: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else if (!absolute) parts.push('..');
    } else parts.push(part);
  }
  const joined = parts.join('/');
  const trailing = p.endsWith('/') && joined !== '' ? '/' : '';
  if (absolute) return `/${joined}${trailing}`;
  return joined === '' ? '.' : `${joined}${trailing}`;
}

export function isAbsolute(p: string): boolean {
  return p.startsWith('/');
}

export function join(...parts: string[]): string {
  const joined = parts.filter((p) => p !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

export function resolve(...parts: string[]): string {
  let out = '';
  for (let i = parts.length - 1; i >= 0 && !out.startsWith('/'); i--) {
    if (parts[i] !== '') out = out === '' ? parts[i] : `${parts[i]}/${out}`;
  }
  if (!out.startsWith('/')) out = `/${out}`;
  const n = normalize(out);
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n;
}

export function relative(from: string, to: string): string {
  const a = resolve(from).split('/').filter(Boolean);
  const b = resolve(to).split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

export function dirname(p: string): string {
  if (p === '') return '.';
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  const at = trimmed.lastIndexOf('/');
  if (at < 0) return '.';
  if (at === 0) return '/';
  return trimmed.slice(0, at);
}

export function basename(p: string, ext?: string): string {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  let base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  if (ext && base.endsWith(ext) && base !== ext) base = base.slice(0, -ext.length);
  return base;
}

export function extname(p: string): string {
  const base = basename(p);
  const at = base.lastIndexOf('.');
  return at <= 0 || base === '..' ? '' : base.slice(at);
}

export const posix = { sep, delimiter, normalize, isAbsolute, join, resolve, relative, dirname, basename, extname };
