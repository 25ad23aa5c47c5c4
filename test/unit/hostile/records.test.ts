/**
 * Hostile records: a 20 MB file (a long note; plays; unrecognised lines; unknown pragmas), a single
 * 1 MB line, NUL bytes, invalid UTF-8, UTF-16 (with a BOM: read as such), 100 000 events, 50 000 notes on one event. Each
 * goes through `analyze` (and the editor features that read it) and through the real command (`node bin/planilla.js check`, in one parallel batch), and
 * must give a clear result: no exception, no crash, the finding that names the problem, and the
 * same JSON from the command as from the library. The inputs are made here, in a temp folder.
 * Time is bounded only against hangs (the command is killed after HANG_MS).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeRecord, type JsonFile } from '../../../server/src/cli/shared/record';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import type { Lexicon } from '../../../server/src/lexicon/types';
import { MAX_CONTENT_LINES, type Analysis } from '../../../server/src/service/document';
import { getDiagnostics } from '../../../server/src/service/diagnostics';
import { getHover } from '../../../server/src/service/hover';
import { getCodeLenses } from '../../../server/src/service/lenses';
import { DEFAULT_SETTINGS } from '../../../server/src/service/settings';
import { readSample, removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

const HANG_MS = 180_000;
const MB = 1024 * 1024;

const sample = (): string => readSample('planilla-a-mano.gcg');
const HEADER = '#player1 Ana Ana García\n#player2 Beto Beto Ruiz\n';

interface Case {
  readonly name: string;
  readonly file: string;
  readonly make: () => Buffer;
  /** What the analysis must show. */
  readonly expect: (a: Analysis) => void;
}

const codes = (a: Analysis): string[] => a.findings.map((f) => f.code);

/** Reading stopped at line `line` (0-based) with the one finding that says so, last of all. */
function expectCut(a: Analysis, line: number): void {
  assert.deepEqual(a.parsed.file.truncated, { line, maxContentLines: MAX_CONTENT_LINES });
  const last = a.findings[a.findings.length - 1];
  assert.equal(last.messageId, 'too-many-lines');
  assert.equal(last.span.start.line, line);
  assert.equal(a.parsed.file.lines.length, line + 1);
}

const CASES: readonly Case[] = [
  {
    name: 'a 20 MB file (a real record whose first note runs to 20 MB)',
    file: 'veinte-mb.gcg',
    make: () => {
      const line = '  una línea más del comentario, con acentos y eñes: ñandú, cigüeña, pingüino.';
      const count = Math.ceil((20 * MB) / (Buffer.byteLength(line) + 1));
      const text = sample().replace('(D8 a H8).', `(D8 a H8).\n${Array(count).fill(line).join('\n')}`);
      assert.ok(Buffer.byteLength(text) >= 20 * MB);
      return Buffer.from(text, 'utf8');
    },
    expect: (a) => {
      assert.deepEqual(codes(a), []);
      assert.deepEqual(a.replay.final, [62, 14]);
      const note = a.replay.turns[0].event.notes[0];
      assert.ok(note.text.length > 18 * MB, `note of ${note.text.length} characters`);
    },
  },
  {
    name: 'a single 1 MB line',
    file: 'linea-1mb.gcg',
    make: () => Buffer.from(`${HEADER}>Ana: ${'A'.repeat(MB)} 8D CASA +10 10\n>Beto: ABILORS 8D LIBRO +16 16\n`),
    expect: (a) => {
      assert.deepEqual(codes(a), ['syntax-error']);
      assert.equal(a.findings[0].span.start.line, 2);
      assert.equal(a.findings[0].messageId, 'line-too-long');
      assert.deepEqual(a.replay.final, [0, 16]);
    },
  },
  {
    name: 'NUL bytes inside an event',
    file: 'nul-jugada.gcg',
    make: () => Buffer.from(`${HEADER}>Ana: ABILORS 8D LI\0BRO +16 16\n>Beto: ACEIMOS - +0 0\n`),
    expect: (a) => {
      assert.deepEqual(codes(a), ['syntax-error']);
      assert.equal(a.findings[0].span.start.line, 2);
    },
  },
  {
    name: 'a file of 1 MB of NUL bytes',
    file: 'solo-nul.gcg',
    make: () => Buffer.alloc(MB),
    expect: (a) => {
      assert.deepEqual(codes(a), ['syntax-error']);
      assert.equal(a.replay.turns.length, 0);
    },
  },
  {
    name: 'invalid UTF-8 in a file that declares UTF-8',
    file: 'utf8-roto-declarado.gcg',
    make: () =>
      Buffer.concat([
        Buffer.from(`#character-encoding UTF-8\n${HEADER}>Ana: ABILORS 8D LIBRO +16 16\n#note `),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]),
        Buffer.from('\n'),
      ]),
    expect: (a) => {
      assert.deepEqual(codes(a), ['encoding-fallback']);
      assert.equal(a.findings[0].messageId, 'encoding-fallback-declared');
      assert.deepEqual(a.replay.final, [16, 0]);
    },
  },
  {
    name: 'invalid UTF-8 in a file that declares nothing (read as ISO-8859-1)',
    file: 'utf8-roto.gcg',
    make: () =>
      Buffer.concat([
        Buffer.from(`${HEADER}>Ana: ABILORS 8D LIBRO +16 16\n#note `),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80]),
        Buffer.from('\n'),
      ]),
    expect: (a) => {
      assert.deepEqual(codes(a), ['encoding-fallback']);
      assert.deepEqual(a.replay.final, [16, 0]);
    },
  },
  {
    name: 'a UTF-16 file with a byte-order mark: read as UTF-16, it replays',
    file: 'utf16.gcg',
    make: () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}>Ana: ABILORS 8D LIBRO +16 16\n`, 'utf16le')]),
    expect: (a) => {
      assert.ok(!codes(a).includes('syntax-error'), codes(a).join(', '));
      assert.equal(a.replay.turns.length, 1);
    },
  },
  {
    name: '100 000 events (passes after the game ended): read up to the content-line limit',
    file: 'cien-mil.gcg',
    make: () => {
      const lines = [HEADER.trimEnd()];
      for (let i = 0; i < 100_000; i++) lines.push(i % 2 === 0 ? '>Ana: ABCDEFG - +0 0' : '>Beto: HIJLMNO - +0 0');
      return Buffer.from(`${lines.join('\n')}\n`);
    },
    expect: (a) => {
      assert.equal(a.replay.turns.length, MAX_CONTENT_LINES - 2);
      assert.deepEqual(codes(a), ['move-after-game-end', 'syntax-error']);
      expectCut(a, MAX_CONTENT_LINES);
      assert.ok(a.replay.gameEnd, 'the game ended by passes (art. 37.2)');
      assert.deepEqual(a.replay.final, [0, 0]);
    },
  },
  {
    name: 'a 20 MB file of plays (every one on an occupied square after the first)',
    file: 'veinte-mb-jugadas.gcg',
    make: () => {
      const pair = '>Ana: ABILORS 8D LIBRO +16 16\n>Beto: ACEIMOS - +0 0\n';
      return Buffer.from(HEADER + pair.repeat(Math.ceil((20 * MB) / pair.length)));
    },
    expect: (a) => {
      assert.equal(a.replay.turns.length, MAX_CONTENT_LINES - 2);
      expectCut(a, MAX_CONTENT_LINES);
      assert.equal(a.findings.filter((f) => f.code === 'syntax-error').length, 1);
    },
  },
  {
    name: 'a 20 MB file of unrecognised lines',
    file: 'veinte-mb-basura.gcg',
    make: () => Buffer.from(HEADER + 'esto no es una planilla\n'.repeat(Math.ceil((20 * MB) / 24))),
    expect: (a) => {
      assert.equal(a.findings.length, MAX_CONTENT_LINES - 2 + 1);
      expectCut(a, MAX_CONTENT_LINES);
      assert.equal(a.replay.turns.length, 0);
    },
  },
  {
    name: 'a 20 MB file of unknown pragmas',
    file: 'veinte-mb-directivas.gcg',
    make: () => Buffer.from(HEADER + '#desconocida valor\n'.repeat(Math.ceil((20 * MB) / 19))),
    expect: (a) => {
      assert.equal(a.findings.length, MAX_CONTENT_LINES - 2 + 1);
      expectCut(a, MAX_CONTENT_LINES);
    },
  },
  {
    name: '50 000 notes (and as many continuation lines) on one event',
    file: 'notas.gcg',
    make: () => {
      const lines = [HEADER.trimEnd(), '>Ana: ABILORS 8D LIBRO +16 16'];
      for (let i = 0; i < 50_000; i++) lines.push(`#note otra nota sobre LIBRO, la ${i}`, `  y su continuación ${i}`);
      lines.push('>Beto: ACEIMOS - +0 0');
      return Buffer.from(`${lines.join('\n')}\n`);
    },
    expect: (a) => {
      // Each `#note` line counts towards the limit; its continuation line does not.
      assert.equal(a.replay.turns[0].event.notes.length, MAX_CONTENT_LINES - 3);
      assert.deepEqual(codes(a), ['syntax-error']);
      expectCut(a, 3 + 2 * (MAX_CONTENT_LINES - 3));
      assert.deepEqual(a.replay.final, [16, 0]);
    },
  },
];

describe('hostile records: analyze and planilla check', function () {
  this.timeout(HANG_MS * 2);
  let dir: string;
  let lexicon: Lexicon;
  const reports = new Map<string, JsonFile>();

  before(() => {
    dir = tempDir('hostile');
    lexicon = loadDefaultLexicon();
    for (const c of CASES) fs.writeFileSync(path.join(dir, c.file), c.make());
  });
  after(() => removeTempDir(dir));

  for (const c of CASES) {
    it(`${c.name}: a clear result from analyze, and the editor features answer`, () => {
      const file = path.join(dir, c.file);
      const report = analyzeRecord(file, fs.readFileSync(file), { lexicon }, 'es');
      assert.ok(report.analysis, report.summary);
      c.expect(report.analysis);
      reports.set(file, report.json);
      const analysis = report.analysis;
      const diagnostics = getDiagnostics(analysis, 'file:///hostil.gcg', 'es', DEFAULT_SETTINGS);
      assert.equal(diagnostics.length, analysis.findings.length);
      getCodeLenses(analysis, 'es');
      const firstEvent = analysis.replay.turns[0]?.event.line ?? 0;
      getHover(analysis, { line: firstEvent, character: 2 }, 'es', DEFAULT_SETTINGS);
    });
  }

  it('the command checks them all in one parallel batch and prints the same JSON as the library', () => {
    // A file of NUL bytes is binary: the command refuses it in one line (test/unit/files/limits.test.ts).
    const files = CASES.filter((c) => c.file !== 'solo-nul.gcg').map((c) => path.join(dir, c.file));
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'planilla.js'), 'check', '--json', '--jobs', '2', ...files], {
      encoding: 'utf8',
      timeout: HANG_MS,
      maxBuffer: 256 * MB,
      env: { ...process.env, PLANILLA_LANG: 'es' },
    });
    assert.equal(r.signal, null, `killed (${r.signal}) after the hang bound`);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr, '');
    const printed = (JSON.parse(r.stdout) as { files: JsonFile[] }).files;
    assert.deepEqual(
      printed.map((f) => f.path),
      files,
    );
    for (const file of files) {
      const expected = reports.get(file);
      if (expected)
        assert.deepEqual(
          printed.find((f) => f.path === file),
          expected,
          file,
        );
    }
  });

  it('in text, the 1 MB line is one error line that names the problem, not the line', () => {
    const file = path.join(dir, 'linea-1mb.gcg');
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'planilla.js'), 'check', file], {
      encoding: 'utf8',
      timeout: HANG_MS,
      env: { ...process.env, PLANILLA_LANG: 'en' },
    });
    assert.equal(r.status, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^.*linea-1mb\.gcg:3:1: error syntax-error: /);
    assert.ok(lines[0].length < 300, `${lines[0].length} characters`);
  });

  it('a record over the size cap is refused with one line, before it is read', () => {
    const file = path.join(dir, 'enorme.gcg');
    fs.writeFileSync(file, '');
    fs.truncateSync(file, 200 * MB);
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'planilla.js'), 'check', file], {
      encoding: 'utf8',
      timeout: HANG_MS,
      env: { ...process.env, PLANILLA_LANG: 'en' },
    });
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `planilla: cannot read "${file}": is too large (200 MB; at most 64 MB)\n`);
  });
});
