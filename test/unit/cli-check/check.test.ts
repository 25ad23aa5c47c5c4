/**
 * `planilla check`, `format` and `export` as a user meets them: the exact JSON shape of
 * `check --json`, compiler-style lines, exit codes (0 / 1 / 2), one clear line for a missing or
 * unreadable file, folders, the corpus with no score or total mismatch, and an export whose every
 * line is of a kind Macondo's reader accepts.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from '../../../server/src/syntax/parse';
import { syntaxErrors } from '../../../server/src/syntax/parse';
import { MAX_CONTENT_LINES } from '../../../server/src/service/document';
import { APPENDIX_A_2R } from '../engine/helpers';
import { corpusFiles, repoRoot, samplesDir, tempDir } from '../../support/fixtures';
import { runCli, type Captured } from '../../support/cli-capture';

/** The command in-process, in Spanish unless told (test/support/cli-capture.ts). */
const run = (args: string[], lang: 'es' | 'en' = 'es'): Promise<Captured> => runCli(args, lang);

const BAD_SCORE = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '#incomplete',
  '>Ana: ABILORS 8D LIBRO +18 18',
  '>Beto: ADEIMNT 7G IDEA +13 13',
  '',
].join('\n');

function isInt(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v);
}

/** Checks one file object of `check --json` against the documented shape, key by key. */
function assertFileShape(f: Record<string, unknown>): void {
  assert.deepEqual(
    Object.keys(f).sort(),
    ['complete', 'diagnostics', 'final', 'notation', 'path', 'players', 'result', 'rules', 'tileSet', 'turns'].sort(),
  );
  assert.equal(typeof f.complete, 'boolean');
  assert.deepEqual(Object.keys(f.result as object).sort(), Object.keys(f.final as object).sort());
  assert.equal(typeof f.path, 'string');
  assert.ok(['fise', 'fise-2004', 'fise-2001', 'naspa'].includes(f.rules as string));
  assert.ok(['spanish', 'english'].includes(f.tileSet as string));
  assert.ok(['brackets', 'plain'].includes(f.notation as string));
  for (const p of f.players as Record<string, unknown>[]) {
    assert.deepEqual(Object.keys(p), ['nick']);
    assert.equal(typeof p.nick, 'string');
  }
  for (const d of f.diagnostics as Record<string, unknown>[]) {
    assert.deepEqual(Object.keys(d).sort(), ['article', 'code', 'column', 'endColumn', 'endLine', 'line', 'message', 'severity'].sort());
    for (const k of ['line', 'column', 'endLine', 'endColumn']) assert.ok(isInt(d[k]) && (d[k] as number) >= 1, `${k} = ${d[k]}`);
    assert.ok(['error', 'warning', 'information', 'hint'].includes(d.severity as string));
    for (const k of ['code', 'message', 'article']) assert.equal(typeof d[k], 'string');
  }
  const kinds = [
    'placement',
    'pass',
    'exchange',
    'withdrawn',
    'challenge-bonus',
    'end-rack',
    'rack-deduction',
    'time-penalty',
    'arbiter-penalty',
  ];
  for (const t of f.turns as Record<string, unknown>[]) {
    assert.deepEqual(
      Object.keys(t).sort(),
      ['computedScore', 'computedTotal', 'declaredScore', 'declaredTotal', 'kind', 'line', 'player'].sort(),
    );
    assert.ok(isInt(t.line) && (t.line as number) >= 1);
    assert.equal(typeof t.player, 'string');
    assert.ok(kinds.includes(t.kind as string), String(t.kind));
    assert.ok(isInt(t.computedScore) && isInt(t.computedTotal));
    assert.ok(t.declaredScore === null || isInt(t.declaredScore));
    assert.ok(t.declaredTotal === null || isInt(t.declaredTotal));
  }
  for (const [nick, total] of [
    ...Object.entries(f.final as Record<string, unknown>),
    ...Object.entries(f.result as Record<string, unknown>),
  ]) {
    assert.equal(typeof nick, 'string');
    assert.ok(isInt(total));
  }
}

describe('cli: planilla check', () => {
  it('reports no score or total mismatch on the real corpus, and --json has exactly the documented shape', async () => {
    const files = corpusFiles();
    const r = await run(['check', '--json', ...files]);
    assert.equal(r.code, 0, r.err);
    const doc = JSON.parse(r.out) as { files: Record<string, unknown>[] };
    assert.deepEqual(Object.keys(doc), ['files']);
    assert.equal(doc.files.length, files.length);
    for (const f of doc.files) {
      assertFileShape(f);
      const codes = (f.diagnostics as { code: string }[]).map((d) => d.code);
      assert.ok(!codes.includes('score-mismatch') && !codes.includes('cumulative-mismatch'), `${f.path}: ${codes.join(', ')}`);
      for (const t of f.turns as {
        declaredScore: number | null;
        computedScore: number;
        declaredTotal: number | null;
        computedTotal: number;
      }[]) {
        if (t.declaredScore !== null) assert.equal(t.declaredScore, t.computedScore);
        if (t.declaredTotal !== null) assert.equal(t.declaredTotal, t.computedTotal);
      }
    }
  });

  it('checks the samples clean (exit 0) and gives each file a summary with the true final scores', async () => {
    const r = await run(['check', samplesDir]);
    assert.equal(r.code, 0, r.out + r.err);
    const samples = fs.readdirSync(samplesDir).filter((f) => f.endsWith('.gcg'));
    assert.ok(samples.length >= 4);
    for (const s of samples) {
      assert.match(
        r.out,
        new RegExp(
          `${s.replace('.', '\\.')}: sin problemas .* · palabras juzgadas con es-open .* · (Resultado final|marcador provisional \\(partida sin terminar\\)): `,
        ),
      );
    }
    // The two complete games have a result; the two openings a provisional score, never a result.
    assert.match(r.out, /partida-completa\.gcg: .*Resultado final: Sofía 298 – Ramón 420\n/);
    assert.match(r.out, /apertura-comentada\.gcg: .*marcador provisional \(partida sin terminar\): Marta 32 – Joaquín 23\n/);
  });

  it('--json: `final` keeps the running totals, `result` the FISE scores (±R for a +2R ending), `complete` whether the game ended', async () => {
    const dir = tempDir('cli');
    const file = path.join(dir, 'gcg.gcg');
    fs.writeFileSync(file, APPENDIX_A_2R);
    const r = await run(['check', '--json', file]);
    const doc = JSON.parse(r.out) as { files: { final: Record<string, number>; result: Record<string, number>; complete: boolean }[] };
    assert.deepEqual(doc.files[0].final, { Ana: 381, Beto: 339 });
    assert.deepEqual(doc.files[0].result, { Ana: 364, Beto: 322 });
    assert.equal(doc.files[0].complete, true);
    const human = await run(['check', file]);
    assert.match(human.out, /Resultado final: Ana 364 – Beto 322 \(la planilla: 381–339\)/);
  });

  it('prints compiler-style lines and exits 1 when a record has errors', async () => {
    const dir = tempDir('cli');
    const file = path.join(dir, 'mal.gcg');
    fs.writeFileSync(file, BAD_SCORE);
    const r = await run(['check', file], 'en');
    assert.equal(r.code, 1);
    assert.match(r.out, /mal\.gcg:5:24: error score-mismatch: declared score 18, computed 16 \(LIBRO 16\) \(art\. 12–19\)/);
    assert.match(r.out, /provisional score \(game not finished\): Ana 16 – Beto 13 \(the sheet: 18–13\)/);
    const json = JSON.parse((await run(['check', '--json', file])).out) as {
      files: {
        final: Record<string, number>;
        result: Record<string, number>;
        complete: boolean;
        diagnostics: { line: number; code: string; article: string }[];
      }[];
    };
    assert.deepEqual(json.files[0].final, { Ana: 16, Beto: 13 });
    assert.deepEqual(json.files[0].result, { Ana: 16, Beto: 13 });
    assert.equal(json.files[0].complete, false);
    assert.deepEqual(
      json.files[0].diagnostics.map((d) => [d.line, d.code, d.article]),
      [[5, 'score-mismatch', '12–19']],
    );
  });

  it('says one clear line for a missing file, goes on with the others, and exits 2', async () => {
    const r = await run(['check', path.join(tempDir('cli'), 'no-existe.gcg'), path.join(samplesDir, 'apertura-comentada.gcg')]);
    assert.equal(r.code, 2);
    assert.equal(r.err.trim().split('\n').length, 1);
    assert.match(r.err, /^planilla: no se puede leer «.*no-existe\.gcg»: no existe$/m);
    assert.match(r.out, /apertura-comentada\.gcg: sin problemas/);
    assert.doesNotMatch(r.err, /\bat \S+ \(/);
  });

  it('rejects bad usage with exit 2', async () => {
    assert.equal((await run(['check'])).code, 2);
    assert.equal((await run(['check', '--rules', 'fise-1999', 'x.gcg'])).code, 2);
    assert.equal((await run(['check', '--bogus', 'x.gcg'])).code, 2);
    assert.equal((await run(['frobnicate'])).code, 2);
  });

  it('lets --rules and --tile-set override the pragmas', async () => {
    const file = path.join(samplesDir, 'partida-completa.gcg');
    const r = JSON.parse((await run(['check', '--json', '--rules', 'fise-2004', file])).out) as { files: { rules: string }[] };
    assert.equal(r.files[0].rules, 'fise-2004');
    const e = JSON.parse((await run(['check', '--json', '--tile-set', 'english', '--rules', 'naspa', file])).out) as {
      files: { tileSet: string }[];
    };
    assert.equal(e.files[0].tileSet, 'english');
  });

  it('runs as a real process through bin/planilla.js with no stack trace for a folder given as a file', () => {
    const dir = tempDir('cli');
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/planilla.js'), 'board', dir], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /es una carpeta/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });
});

describe('cli: planilla format and export', () => {
  it('format prints the canonical form, and --write rewrites only what changed', async () => {
    const dir = tempDir('cli');
    const file = path.join(dir, 'a.gcg');
    fs.writeFileSync(file, '>Ana:ABILORS   8d LIBRO +16 16\r\n');
    const r = await run(['format', file]);
    assert.equal(r.code, 0);
    assert.equal(r.out, '#character-encoding UTF-8\n>Ana: ABILORS 8D LIBRO +16 16\n');
    assert.equal((await run(['format', '--write', file])).code, 0);
    assert.equal(fs.readFileSync(file, 'utf8'), '#character-encoding UTF-8\n>Ana: ABILORS 8D LIBRO +16 16\n');
  });

  it('format --write and export refuse a file with more content lines than the analysis reads, and write nothing', async () => {
    const dir = tempDir('cli');
    const file = path.join(dir, 'larguisimo.gcg');
    const text = `#player1 Ana Ana\n#player2 Beto Beto\n${'>Ana:ACEIMOS   - +0 0\n>Beto: ACEIMOS - +0 0\n'.repeat(MAX_CONTENT_LINES / 2)}`;
    fs.writeFileSync(file, text);
    const expected = `planilla: "${file}" has more than ${MAX_CONTENT_LINES.toLocaleString('en')} content lines; it does not look like a game record and is neither rewritten nor exported\n`;
    const formatted = await run(['format', '--write', file], 'en');
    assert.deepEqual([formatted.code, formatted.out, formatted.err], [2, '', expected]);
    assert.equal(fs.readFileSync(file, 'utf8'), text);
    const exported = await run(['export', '--for', 'woogles', file, '-o', path.join(dir, 'out.gcg')], 'en');
    assert.deepEqual([exported.code, exported.out, exported.err], [2, '', expected]);
    assert.equal(fs.existsSync(path.join(dir, 'out.gcg')), false);
    // One line fewer is read whole and formatted.
    fs.writeFileSync(file, text.split('\n').slice(0, MAX_CONTENT_LINES).join('\n'));
    assert.equal((await run(['format', file], 'en')).code, 0);
  });

  /** Line kinds a Macondo-style reader accepts (our own patterns of the standard GCG lines). */
  const ACCEPTED: readonly RegExp[] = [
    /^#character-encoding UTF-8$/,
    /^#player[12] \S+ .+$/,
    /^#(title|description|lexicon|note|rack[12]) .*$/,
    /^#id \S+ \S+$/,
    /^>\S+: \S+ \w+ [\p{L}.[\]]+ \+\d+ \d+$/u,
    /^>\S+: \S+ -- -\d+ \d+$/,
    /^>\S+: \S+ - \+0 \d+$/,
    /^>\S+: \S+ -\S+ \+0 \d+$/,
    /^>\S+: \S* ?\(challenge\) \+\d+ \d+$/,
    /^>\S+: \(\S+\) \+\d+ -?\d+$/,
    /^>\S+: \S* ?\(time\) -\d+ -?\d+$/,
    /^>\S+: \S+ \(\S+\) -\d+ -?\d+$/,
  ];

  it('export --for woogles writes only line kinds Macondo reads, in bracket notation, keeping the FISE end lines', async () => {
    for (const name of fs.readdirSync(samplesDir).filter((f) => f.endsWith('.gcg'))) {
      const r = await run(['export', '--for', 'woogles', path.join(samplesDir, name)]);
      assert.equal(r.code, 0, r.err);
      const lines = r.out.trimEnd().split('\n');
      assert.equal(lines[0], '#character-encoding UTF-8');
      let inNote = false;
      for (const line of lines) {
        if (inNote && !line.startsWith('#') && !line.startsWith('>')) continue;
        inNote = line.startsWith('#note');
        assert.ok(
          ACCEPTED.some((re) => re.test(line)),
          `${name}: ${line}`,
        );
      }
      assert.ok(!/^#(rules|tile-notation|clock|incomplete)\b/m.test(r.out), name);
      assert.deepEqual(syntaxErrors(parse(r.out)), []);
    }
    const plain = (await run(['export', '--for', 'woogles', path.join(samplesDir, 'final-de-club.gcg')])).out;
    assert.match(plain, /\[RR\]/);
    assert.match(plain, />Elena: \(Q\) \+5 472\n>Diego: Q \(Q\) -5 328\n>Diego: \(time\) -10 318/);
  });

  it('the export replays to the same totals as the original', async () => {
    const dir = tempDir('cli');
    for (const name of ['partida-completa.gcg', 'final-de-club.gcg', 'planilla-a-mano.gcg']) {
      const exported = path.join(dir, name);
      assert.equal((await run(['export', '--for', 'woogles', path.join(samplesDir, name), '-o', exported])).code, 0);
      const a = JSON.parse((await run(['check', '--json', path.join(samplesDir, name)])).out) as { files: { final: unknown }[] };
      const b = JSON.parse((await run(['check', '--json', exported])).out) as { files: { final: unknown; diagnostics: unknown[] }[] };
      assert.deepEqual(b.files[0].final, a.files[0].final, name);
    }
  });
});
