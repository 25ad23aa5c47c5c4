/**
 * Every command that writes a file goes through one helper (cli/shared/io.ts `writeResult`), so none can
 * forget a guard (docs/robustness.md "Writing"):
 * - the sources: no module of the command but io.ts reaches files/write.ts or writes a file with
 *   `fs` itself (std-output.ts writes only the standard streams);
 * - no command writes over a file it reads: `reconstruct -o` naming the sheet or its `--board`
 *   file (said before the search), `lexicon compile list.txt list.txt` (the text list survives),
 *   `export -o`, `board -o` and `report -o` naming the record, also through a hard link,
 *   `report --ruling` naming its second sheet, `leaves export` naming its `--leaves` file,
 *   `event -o` naming the results file or a sheet;
 * - what a command says about a write comes after the write succeeded: `fill --write` on a
 *   read-only record lists nothing as filled.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../support/cli-capture';
import { readSample, removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

const SHEET = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '>Ana: ABEFNNQ 8F BEFAN +20 20',
  '>Beto: AHOOORZ F6 ZA.RO +38 38',
  '',
].join('\n');
/** The sheet as a paper sheet holds it: scores only. */
const SCORES = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto', '>Ana: +20 20', '>Beto: +38 38', ''].join('\n');
/** The final board of SHEET, as 15 text rows. */
function finalBoard(): string {
  const rows = Array.from({ length: 15 }, () => '.'.repeat(15).split(''));
  'BEFAN'.split('').forEach((l, i) => (rows[7][5 + i] = l));
  'ZA.RO'.split('').forEach((l, i) => {
    if (l !== '.') rows[5 + i][5] = l;
  });
  return `${rows.map((r) => r.join('')).join('\n')}\n`;
}

describe('files: one write helper for every command', () => {
  let dir = '';
  beforeEach(() => {
    dir = tempDir('writers');
  });
  afterEach(() => {
    for (const name of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, name), 0o644);
    removeTempDir(dir);
  });
  const file = (name: string, content: string | Uint8Array): string => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, content);
    return f;
  };

  it('no command module but cli/shared/io.ts writes a file by itself', () => {
    const cliDir = path.join(repoRoot, 'server', 'src', 'cli');
    const sources = [
      ...fs.readdirSync(cliDir, { recursive: true, encoding: 'utf8' }).map((n) => path.join(cliDir, n)),
      path.join(repoRoot, 'server', 'src', 'cli.ts'),
    ];
    assert.ok(
      sources.some((s) => s.endsWith(path.join('commands', 'fix.ts'))),
      'the command modules are not read',
    );
    const offenders: string[] = [];
    for (const source of sources.filter((s) => s.endsWith('.ts'))) {
      const name = path.relative(repoRoot, source);
      const code = fs
        .readFileSync(source, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      if (name.endsWith(path.join('cli', 'shared', 'io.ts'))) continue;
      if (/files\/write'|writeFileAtomic/.test(code)) offenders.push(`${name}: files/write.ts`);
      const fsWrites = /\b(writeFileSync|appendFileSync|renameSync|createWriteStream|copyFileSync|truncateSync|writeFile|appendFile)\b/;
      if (fsWrites.test(code)) offenders.push(`${name}: fs`);
      if (!name.endsWith('std-output.ts') && /\bwriteSync\b/.test(code)) offenders.push(`${name}: fs.writeSync`);
    }
    assert.deepEqual(offenders, []);
  });

  it('reconstruct -o never writes over the sheet or its board file, and says so before the search', async () => {
    const sheet = file('mesa.gcg', SCORES);
    const board = file('final.txt', finalBoard());
    const ok = await runCli(['reconstruct', sheet, '--board', board, '-o', path.join(dir, 'completa.gcg')]);
    assert.equal(ok.code, 0, ok.err);
    assert.match(fs.readFileSync(path.join(dir, 'completa.gcg'), 'utf8'), /^>Ana: 8F BEFAN \+20 20$/m);
    for (const [target, what] of [
      [sheet, /it is the record itself, which the command reads/],
      [board, /it is the final board file, which the command reads/],
    ] as const) {
      const r = await runCli(['reconstruct', sheet, '--board', board, '-o', target]);
      assert.equal(r.code, 2);
      assert.match(r.err, what);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
    }
    const es = await runCli(['reconstruct', sheet, '--board', board, '-o', board], 'es');
    assert.match(es.err, /no se escribe .*final\.txt.*: es el archivo del tablero final, que la orden lee/);
    assert.equal(fs.readFileSync(sheet, 'utf8'), SCORES);
    assert.equal(fs.readFileSync(board, 'utf8'), finalBoard());
  });

  it('lexicon compile IN IN keeps the text list; IN OUT still compiles', async () => {
    const list = file('lista.txt', 'casa\nperro\ngato\n');
    const r = await runCli(['lexicon', 'compile', list, list]);
    assert.equal(r.code, 2);
    assert.match(r.err, /not writing .*lista\.txt.*: it is the input word list/);
    assert.equal(fs.readFileSync(list, 'utf8'), 'casa\nperro\ngato\n');
    const link = path.join(dir, 'enlace.txt');
    fs.symlinkSync('lista.txt', link);
    assert.equal((await runCli(['lexicon', 'compile', list, link])).code, 2);
    const extra = file('extra.txt', 'mesa\n');
    assert.equal((await runCli(['lexicon', 'compile', list, extra, '--extra', extra])).code, 2);
    assert.equal(fs.readFileSync(extra, 'utf8'), 'mesa\n');
    const out = path.join(dir, 'lista.dawg');
    const good = await runCli(['lexicon', 'compile', list, out]);
    assert.equal(good.code, 0, good.err);
    assert.match(good.out, /3 words/);
  });

  it('export -o, board -o and report -o never write over the record, also through a hard link', async () => {
    const record = file('partida.gcg', SHEET);
    const twin = path.join(dir, 'gemela.gcg');
    fs.linkSync(record, twin);
    for (const args of [
      ['export', '--for', 'woogles', record, '-o', record],
      ['export', '--for', 'woogles', record, '-o', twin],
      ['board', record, '-o', twin],
      ['report', record, '-o', twin],
    ]) {
      const r = await runCli(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, /it is the record itself/, args.join(' '));
    }
    assert.equal(fs.readFileSync(record, 'utf8'), SHEET);
  });

  it('report --ruling never writes over its second sheet', async () => {
    const a = file('a.gcg', SHEET);
    const b = file('b.gcg', SHEET);
    const r = await runCli(['report', '--ruling', a, b, '-o', b]);
    assert.equal(r.code, 2);
    assert.match(r.err, /it is the record itself/);
    assert.equal(fs.readFileSync(b, 'utf8'), SHEET);
  });

  it('leaves export never writes over its --leaves file', async () => {
    const klv = path.join(dir, 'hojas.klv2');
    const first = await runCli(['leaves', 'export', klv]);
    assert.equal(first.code, 0, first.err);
    const before = fs.readFileSync(klv);
    const r = await runCli(['leaves', 'export', klv, '--format', 'csv', '--leaves', klv]);
    assert.equal(r.code, 2);
    assert.match(r.err, /it is the input leave file/);
    assert.deepEqual(fs.readFileSync(klv), before);
  });

  it('event -o never writes over the results file nor a sheet of the event', async () => {
    const folder = path.join(dir, 'torneo');
    fs.mkdirSync(folder);
    const sheet = path.join(folder, 'r1.gcg');
    fs.writeFileSync(sheet, SHEET.replace('#player2', '#event Open\n#round 1\n#player2'));
    const cards = file('tarjetas.csv', 'round,player1,score1,player2,score2\n1,Ana García,20,Alberto Ruiz,38\n');
    for (const [target, what] of [
      [cards, /it is the results file of the event/],
      [sheet, /it is the record itself/],
    ] as const) {
      const r = await runCli(['event', folder, '--results', cards, '-o', target]);
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, what);
    }
    assert.match(fs.readFileSync(cards, 'utf8'), /^round,player1/);
  });

  it('fill --write on a read-only record names nothing as filled: the refusal is the only line', async () => {
    const sheet = file('mesa.gcg', SHEET.replace('8F BEFAN +20 20', 'BEFAN +20 20'));
    fs.chmodSync(sheet, 0o444);
    const r = await runCli(['fill', sheet, '--write']);
    assert.equal(r.code, 2);
    assert.match(r.err, /not writing .*read-only/);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
  });

  it('format --write on a sample still writes (the helper lets a plain rewrite through)', async () => {
    const record = file('partida.gcg', readSample('partida-completa.gcg').replace(/^>(\S+): /gm, '>$1:   '));
    const r = await runCli(['format', record, '--write']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /written: /);
  });
});
