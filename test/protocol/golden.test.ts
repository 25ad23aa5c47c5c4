/**
 * Golden files: what the language server tells an editor about every sample
 * and every record of the real corpus — the diagnostics it publishes, its code lenses (the coach's
 * "mejor: …" lenses resolved through `codeLens/resolve`, as an editor does when it shows them) and
 * its hovers — written as readable text, one file per record and language under `test/golden/`,
 * and compared line for line. Everything goes through the real server over stdio (the same
 * JSON-RPC an editor speaks), with the analysis on, so the hovers carry the coach's best five moves.
 *
 * What is recorded, per record (lines and columns counted from 1, as an editor shows them):
 * - diagnostics sorted by position, then code: range, severity, code, message, related information;
 * - code lenses sorted by line (the server's order within a line), resolved;
 * - hovers: on every line, at the start of each word (a run of non-blank characters); the words of
 *   one line that give the same hover share one entry ("at 1 `>Ana:`, 20 `LIBRO`", or "on every
 *   word"), with the hover's range when it has one. Lines with no hover are left out.
 * Spanish for the samples and the corpus, English for the samples too. The document URI is a
 * temporary folder's, written `<dir>` in the files, so nothing depends on the machine.
 *
 * Invariants: the files hold no timestamps and no absolute paths; the same build gives the same
 * bytes. A change in what the server says fails this test with a diff; when the change is meant,
 * `UPDATE_GOLDEN=1 npm test` (or `UPDATE_GOLDEN=1 npx mocha out/test/protocol/golden.test.js`)
 * rewrites the files, and the diff is reviewed with the change (README, "Two commands").
 *
 * Example:
 *   UPDATE_GOLDEN=1 npx mocha --no-config --timeout 120000 out/test/protocol/golden.test.js && git diff test/golden/
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusFiles, editorText, repoRoot, sampleFiles, tempDir } from '../support/fixtures';
import { LspClient } from './lsp-client';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');
/** Where the golden files live (in the sources, not in out/). */
export const goldenDir = path.join(repoRoot, 'test', 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

type Language = 'es' | 'en';
interface Position {
  line: number;
  character: number;
}
interface Range {
  start: Position;
  end: Position;
}
interface Diagnostic {
  range: Range;
  severity?: number;
  code?: string | number;
  source?: string;
  message: string;
  relatedInformation?: { location: { uri: string; range: Range }; message: string }[];
}
interface Lens {
  range: Range;
  command?: { title: string; command: string };
  data?: unknown;
}
interface Hover {
  contents: { kind: string; value: string } | string;
  range?: Range;
}

/** One record to write: its folder in test/golden/, its name, its text, the language. */
interface Case {
  readonly group: 'samples' | 'corpus';
  readonly name: string;
  readonly text: string;
  readonly lang: Language;
}

const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];
const pos = (p: Position): string => `${p.line + 1}:${p.character + 1}`;
const range = (r: Range): string => `${pos(r.start)}–${pos(r.end)}`;
/** A block of text indented by four spaces (blank lines stay empty). */
const indent = (text: string): string =>
  text
    .split('\n')
    .map((l) => (l.trim() === '' ? '' : `    ${l}`))
    .join('\n');

/** The golden text of one record: asks the server, then writes its answers in a fixed order. */
async function render(client: LspClient, c: Case, uri: string, hide: (s: string) => string): Promise<string> {
  const published = client.waitForNotification<{ uri: string; version?: number; diagnostics: Diagnostic[] }>(
    'textDocument/publishDiagnostics',
    (p) => p.uri === uri && p.version === 1,
  );
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: c.text } });
  const diagnostics = (await published).diagnostics;
  const out: string[] = [
    `# ${c.group}/${c.name} · ${c.lang} · analysis on`,
    '# Written by test/protocol/golden.test.ts from the language server; UPDATE_GOLDEN=1 rewrites it.',
    '',
  ];

  const sortedDiagnostics = [...diagnostics].sort(
    (a, b) =>
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      String(a.code).localeCompare(String(b.code)) ||
      a.message.localeCompare(b.message),
  );
  out.push(`## Diagnostics (${sortedDiagnostics.length})`, '');
  for (const d of sortedDiagnostics) {
    out.push(`${range(d.range)} ${SEVERITY[d.severity ?? 0] || 'unknown'} ${d.code ?? ''} (${d.source ?? ''})`, indent(hide(d.message)));
    for (const r of d.relatedInformation ?? []) out.push(`    ↳ ${hide(r.location.uri)} ${range(r.location.range)}: ${hide(r.message)}`);
    out.push('');
  }

  const lenses = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } });
  const resolved: Lens[] = [];
  for (const lens of lenses) resolved.push(lens.command ? lens : await client.request<Lens>('codeLens/resolve', lens, 120000));
  const sortedLenses = resolved.map((l, i) => ({ l, i })).sort((a, b) => a.l.range.start.line - b.l.range.start.line || a.i - b.i);
  out.push(`## Code lenses (${sortedLenses.length})`, '');
  for (const { l } of sortedLenses) out.push(`${l.range.start.line + 1}: ${hide(l.command?.title ?? '(unresolved)')}`);
  out.push('');

  out.push('## Hovers', '');
  const lines = c.text.split(/\r\n|\r|\n/);
  for (let line = 0; line < lines.length; line++) {
    const groups = new Map<string, string[]>();
    const words = [...lines[line].matchAll(/\S+/g)];
    for (const word of words) {
      const hover = await client.request<Hover | null>(
        'textDocument/hover',
        { textDocument: { uri }, position: { line, character: word.index } },
        120000,
      );
      if (!hover) continue;
      const value = typeof hover.contents === 'string' ? hover.contents : hover.contents.value;
      const key = `${hover.range ? `range ${range(hover.range)}` : 'no range'}\n\n${indent(hide(value))}`;
      const at = `${word.index + 1} \`${word[0].length > 24 ? `${word[0].slice(0, 24)}…` : word[0]}\``;
      groups.set(key, [...(groups.get(key) ?? []), at]);
    }
    if (groups.size === 0) continue;
    out.push(`### line ${line + 1}`, '');
    for (const [key, at] of groups) out.push(`${at.length === words.length ? 'on every word' : `at ${at.join(', ')}`} · ${key}`, '');
  }
  client.notify('textDocument/didClose', { textDocument: { uri } });
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

describe('protocol: golden files of the diagnostics, lenses and hovers of the samples and the corpus', function () {
  this.timeout(600000);
  let client: LspClient;
  let dir: string;
  let dirUri: string;

  const cases: Case[] = [
    ...sampleFiles().flatMap((f) =>
      (['es', 'en'] as const).map((lang) => ({ group: 'samples' as const, name: path.basename(f), text: editorText(f), lang })),
    ),
    ...corpusFiles().map((f) => ({ group: 'corpus' as const, name: path.basename(f), text: editorText(f), lang: 'es' as const })),
  ];
  const fileOf = (c: Case): string => path.join(goldenDir, c.group, `${c.name.replace(/\.gcg$/, '')}.${c.lang}.txt`);

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('golden');
    dirUri = pathToFileURL(dir).toString();
    client = LspClient.start(serverModule);
    // Settings per document: the analysis on (the default, said explicitly), the language from the URI's folder.
    client.onRequest('workspace/configuration', (params: { items: { scopeUri?: string; section?: string }[] }) =>
      params.items.map((item) =>
        item.section === 'planilla' ? { language: item.scopeUri?.includes('/en/') ? 'en' : 'es', analysis: { enabled: true } } : null,
      ),
    );
    await client.initialize({ locale: 'es' });
  });

  after(async () => {
    await client.close();
  });

  for (const c of cases) {
    it(`${c.group}/${c.name} (${c.lang})`, async () => {
      const uri = `${dirUri}/${c.lang}/${c.group}/${encodeURIComponent(c.name)}`;
      const hide = (s: string): string => s.split(dirUri).join('<dir>').split(dir).join('<dir>');
      const actual = await render(client, c, uri, hide);
      const file = fileOf(c);
      if (update) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, actual);
        return;
      }
      assert.ok(fs.existsSync(file), `no golden file ${path.relative(repoRoot, file)}: run with UPDATE_GOLDEN=1 and review the new file`);
      const expected = fs.readFileSync(file, 'utf8');
      if (actual !== expected) {
        const a = actual.split('\n');
        const e = expected.split('\n');
        const first = a.findIndex((l, i) => l !== e[i]);
        assert.fail(
          `${path.relative(repoRoot, file)} differs from the server's answers from line ${first + 1}:\n` +
            `  golden: ${JSON.stringify(e[first])}\n  server: ${JSON.stringify(a[first])}\n` +
            'If the change is meant: UPDATE_GOLDEN=1 npm test, then review `git diff test/golden/`.',
        );
      }
    });
  }

  it('has no golden file without its record (a renamed or removed record leaves none behind)', () => {
    const expected = new Set(cases.map((c) => path.relative(goldenDir, fileOf(c))));
    const present = ['samples', 'corpus'].flatMap((g) =>
      fs.existsSync(path.join(goldenDir, g)) ? fs.readdirSync(path.join(goldenDir, g)).map((f) => path.join(g, f)) : [],
    );
    const stray = present.filter((f) => !expected.has(f));
    if (update) for (const f of stray) fs.rmSync(path.join(goldenDir, f));
    else assert.deepEqual(stray, [], 'golden files without a record: UPDATE_GOLDEN=1 removes them');
  });
});
