/**
 * `planilla board` end to end on Appendix A written to a temporary file: the default (the end),
 * `--turn N` (1-based; 0 = the empty board), one clear line and exit 2 for a turn out of range and
 * other bad usage, `--svg`, `-o OUT` (and never over the record itself).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runBoard } from '../../../server/src/cli/commands/board';
import { captureIo, markupProblems, workedExample } from '../report/helpers';
import { tempDir } from '../../support/fixtures';

describe('board/cli board', () => {
  let dir: string;
  let record: string;
  before(() => {
    dir = tempDir('board');
    record = path.join(dir, 'partida.gcg');
    fs.writeFileSync(record, workedExample('Appendix A'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('shows the board at the end by default', async () => {
    const c = captureIo('es');
    assert.equal(await runBoard([record], c.io), 0);
    assert.deepEqual(c.err, []);
    const text = c.out.join('\n');
    assert.ok(text.startsWith('Tablero tras la jugada 27 de 27 (línea 32:'));
    assert.ok(text.includes('Totales: Ana 364 · Beto 322'));
  });

  const TURNS: [string, string][] = [
    ['1', 'Tablero tras la jugada 1 de 27 (línea 6: >Ana: ABEFNNQ 8F BEFAN +20 20)'],
    ['25', 'Tablero tras la jugada 25 de 27 (línea 30: >Ana: CEETU 15E CUE.TE +8 347)'],
    ['0', 'Tablero inicial (ninguna jugada)'],
    ['27', 'Tablero tras la jugada 27 de 27 (línea 32: >Beto: C[CH]ÑT? (C[CH]ÑT?) -17 322)'],
  ];
  for (const [turn, heading] of TURNS) {
    it(`--turn ${turn}`, async () => {
      const c = captureIo('es');
      assert.equal(await runBoard([record, '--turn', turn], c.io), 0);
      assert.equal(c.out.join('\n').split('\n')[0], heading);
    });
  }

  const BAD: { args: (file: string) => string[]; message: RegExp }[] = [
    { args: (f) => [f, '--turn', '28'], message: /^planilla: turn 28 does not exist \(the record has 27 events\)$/ },
    { args: (f) => [f, '--turn', '-1'], message: /^planilla: invalid value for --turn: "-1" \(allowed: 0–27\)$/ },
    { args: (f) => [f, '--turn', 'x'], message: /--turn/ },
    { args: (f) => [f, '--turn'], message: /needs a value/ },
    { args: (f) => [f, '--rules', 'wespa'], message: /--rules/ },
    { args: (f) => [f, '--colour'], message: /unknown option "--colour"/ },
    { args: () => [], message: /no file given/ },
    { args: (f) => [f, f], message: /reads one record \(got 2\)/ },
    { args: (f) => [path.join(path.dirname(f), 'missing.gcg')], message: /cannot read ".*missing\.gcg": no such file/ },
    { args: (f) => [path.dirname(f)], message: /is a folder/ },
  ];
  for (const b of BAD) {
    it(`exit 2 with one line: ${b.message.source}`, async () => {
      const c = captureIo('en');
      assert.equal(await runBoard(b.args(record), c.io), 2);
      assert.deepEqual(c.out, []);
      assert.equal(c.err.length, 1, c.err.join('\n'));
      assert.match(c.err[0], b.message);
    });
  }

  it('--svg prints a well-formed, self-contained SVG', async () => {
    const c = captureIo('en');
    assert.equal(await runBoard([record, '--turn', '25', '--svg'], c.io), 0);
    const svg = c.out.join('\n');
    assert.ok(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"'));
    assert.deepEqual(markupProblems(svg, 'xml'), []);
    assert.ok(svg.includes('<title>Board after event 25 of 27 (line 30: &gt;Ana: CEETU 15E CUE.TE +8 347)</title>'));
  });

  it('-o writes the file (text or SVG) and says so on stderr', async () => {
    for (const [args, start] of [
      [['--svg'], '<?xml'],
      [[], 'Tablero'],
    ] as const) {
      const out = path.join(dir, `out-${args.length}.txt`);
      const c = captureIo('es');
      assert.equal(await runBoard([record, ...args, '-o', out], c.io), 0);
      assert.deepEqual(c.out, []);
      assert.deepEqual(c.err, [`escrito: ${out}`]);
      assert.ok(fs.readFileSync(out, 'utf8').startsWith(start));
    }
  });

  it('refuses to write over the record, and reports an unwritable output', async () => {
    const before = fs.readFileSync(record, 'utf8');
    const c = captureIo('en');
    assert.equal(await runBoard([record, '-o', record], c.io), 2);
    assert.match(c.err[0], /is the record itself/);
    assert.equal(fs.readFileSync(record, 'utf8'), before);
    const d = captureIo('en');
    assert.equal(await runBoard([record, `-o=${path.join(dir, 'no', 'such', 'dir.svg')}`], d.io), 2);
    assert.match(d.err[0], /^planilla: cannot write ".*dir\.svg": the folder does not exist$/);
  });

  it('--tile-set changes the replay (the English set has W and K)', async () => {
    const unseen = async (args: string[]): Promise<string> => {
      const c = captureIo('en');
      assert.equal(await runBoard([record, '--turn', '1', ...args], c.io), 0);
      return (
        c.out
          .join('\n')
          .split('\n')
          .find((l) => l.startsWith('Tiles unseen by Ana')) ?? ''
      );
    };
    assert.match(await unseen(['--tile-set', 'english']), / W×2 .* K /);
    assert.doesNotMatch(await unseen([]), / W/);
  });
});
