/**
 * `planilla moves --sim` and the `"sim"` field of `moves --stdin` end to end: text in both
 * languages, JSON with each move's `"sim"`, the same answer with `--threads 2`, the stdin field
 * (and its errors, beside the moves); one clear line and exit 2 for every bad flag.
 */
import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { captureIo } from '../report/helpers';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { removeTempDir, samplePath as sample, tempDir } from '../../support/fixtures';

interface SimMove {
  kind: string;
  equity: number;
  sim: { equity: number; interval: [number, number]; winPct: number; iterations: number; stdev: number };
}

describe('analysis: planilla moves --sim', function () {
  this.timeout(600000);
  const base = [sample('partida-completa.gcg'), '--line', '20', '--sim', '--top', '4', '--iterations', '120', '--seed', '4'];

  it('prints the simulated moves, best first, in Spanish and English', async () => {
    const es = captureIo('es');
    assert.equal(await runMoves(base, es.io), 0);
    assert.deepEqual(es.err, []);
    assert.match(es.out[0], /^Sofía, línea 20: atril EEGQTUV, bolsa 34; simulación a 2 jugadas, semilla 4$/);
    assert.equal(es.out.length, 4 + 2);
    assert.match(es.out[1], /^1\. \S+ \S+ \+\d+ · deja \S+ · estática -?[\d,]+ · simulada -?[\d,]+ ± [\d,]+ · gana [\d,]+ % · \d+ iter\./);
    assert.match(es.out[5], /^120 iteraciones, \d+ simulaciones de jugada; /);
    const en = captureIo('en');
    assert.equal(await runMoves([...base, '--plies', '1'], en.io), 0);
    assert.match(en.out[0], /simulation 1 plies ahead, seed 4$/);
    assert.match(en.out[1], /· simulated -?[\d.]+ ± [\d.]+ · wins [\d.]+% · \d+ iter\./);
  });

  it('gives JSON with every move\'s "sim", the same with two threads', async () => {
    const one = captureIo('es');
    assert.equal(await runMoves([...base, '--json'], one.io), 0);
    const a = JSON.parse(one.out.join('\n')) as {
      position: { rack: string };
      sim: { iterations: number; plies: number; seed: number };
      moves: SimMove[];
    };
    assert.equal(a.position.rack, 'EEGQTUV');
    assert.deepEqual([a.sim.iterations, a.sim.plies, a.sim.seed], [120, 2, 4]);
    assert.equal(a.moves.length, 4);
    for (let i = 0; i < a.moves.length; i++) {
      const s = a.moves[i].sim;
      assert.ok(s.interval[0] <= s.equity && s.equity <= s.interval[1]);
      assert.ok(s.winPct >= 0 && s.winPct <= 100);
      assert.ok(s.iterations >= 100 && s.iterations <= 120);
      if (i > 0) assert.ok(a.moves[i - 1].sim.equity >= s.equity);
    }
    const two = captureIo('es');
    assert.equal(await runMoves([...base, '--json', '--threads', '2'], two.io), 0);
    assert.deepEqual(two.out, one.out);
  });

  it('answers the "sim" field of moves --stdin per move, and an error in that field', async () => {
    const c = captureIo('es');
    assert.equal(await runMoves([sample('partida-completa.gcg'), '--line', '20', '--json'], c.io), 0);
    const position = (JSON.parse(c.out.join('\n')) as { position: Record<string, unknown> }).position;
    const input = Readable.from([
      `${JSON.stringify({ id: 1, ...position, top: 3, sim: { plies: 2, iterations: 100, seed: 1 } })}\n`,
      `${JSON.stringify({ id: 2, ...position, top: 3, sim: { plies: 0 } })}\n`,
      `${JSON.stringify({ id: 3, ...position, top: 3, sim: 'yes' })}\n`,
      `${JSON.stringify({ id: 4, ...position, top: 3, sim: { depth: 2 } })}\n`,
    ]);
    const s = captureIo('en');
    assert.equal(await runMoves(['--stdin'], s.io, { stdin: input }), 0);
    const lines = s.out.map((l) => JSON.parse(l) as { id: number; moves: SimMove[]; sim: Record<string, unknown> });
    assert.equal(lines.length, 4);
    assert.equal(lines[0].moves.length, 3);
    for (const m of lines[0].moves) {
      assert.equal(m.sim.iterations, 100);
      assert.ok(m.sim.interval[0] <= m.sim.equity && m.sim.equity <= m.sim.interval[1]);
    }
    assert.deepEqual([lines[0].sim.plies, lines[0].sim.seed, lines[0].sim.iterations], [2, 1, 100]);
    assert.match(String(lines[1].sim.error), /"sim": "plies" is not valid \(allowed: 1–8\)/);
    assert.equal(lines[1].moves.length, 3);
    assert.ok(lines[1].moves.every((m) => m.sim === undefined));
    assert.match(String(lines[2].sim.error), /^"sim" is an object/);
    assert.match(String(lines[3].sim.error), /^"sim" is an object/);
  });

  it('deals the opponent racks weighted by its last play with --infer, the same for the same seed', async () => {
    // Ana's rack is not written, so nothing is known of it: her MANTOS says what she kept.
    const dir = tempDir('moves-infer');
    try {
      const file = path.join(dir, 'infer.gcg');
      fs.writeFileSync(file, ['#player1 Ana Ana', '#player2 Luis Luis', '>Ana: 8D MANTOS +22 22', '>Luis: CEIORTU - +0 0', ''].join('\n'));
      const run = async (extra: string[]): Promise<string[]> => {
        const c = captureIo('en');
        assert.equal(
          await runMoves([file, '--line', '4', '--sim', '--top', '3', '--iterations', '40', '--seed', '2', '--json', ...extra], c.io),
          0,
        );
        assert.deepEqual(c.err, []);
        return c.out;
      };
      const plain = await run([]);
      const inferred = await run(['--infer']);
      assert.notDeepEqual(inferred, plain);
      assert.deepEqual(await run(['--infer']), inferred);
    } finally {
      removeTempDir(dir);
    }
  });

  const bad: [string[], RegExp][] = [
    [['--plies', '2'], /^planilla: --plies needs --sim$/],
    [['--threads', '2'], /^planilla: --threads needs --sim$/],
    [['--infer'], /^planilla: --infer needs --sim$/],
    [['--sim', '--plies', '0'], /^planilla: invalid value for --plies: "0" \(allowed: 1–8\)$/],
    [['--sim', '--iterations', 'many'], /^planilla: invalid value for --iterations: "many"/],
    [['--sim', '--seed', '-1'], /^planilla: invalid value for --seed: "-1"/],
    [['--sim', '--threads', '0'], /^planilla: invalid value for --threads: "0" \(allowed: 1–64\)$/],
    [['--sim', '--time', 'soon'], /^planilla: invalid value for --time: "soon"/],
    [['--sim', '--time', '0'], /^planilla: invalid value for --time: "0"/],
    [['--sim', '--all'], /^planilla: --all does not go with --sim/],
  ];
  for (const [flags, expected] of bad) {
    it(`refuses ${flags.join(' ')} with one line`, async () => {
      const c = captureIo('en');
      assert.equal(await runMoves([sample('partida-completa.gcg'), '--line', '20', ...flags], c.io), 2);
      assert.deepEqual(c.out, []);
      assert.equal(c.err.length, 1);
      assert.match(c.err[0], expected);
    });
  }

  it('refuses --sim with --stdin, and a missing file, with one line', async () => {
    const c = captureIo('en');
    assert.equal(await runMoves(['--stdin', '--sim'], c.io, { stdin: Readable.from([]) }), 2);
    assert.equal(c.err.length, 1);
    assert.match(c.err[0], /^planilla: --sim is for FILE --line L/);
    const d = captureIo('en');
    assert.equal(await runMoves(['no-such-file.gcg', '--line', '3', '--sim'], d.io), 2);
    assert.equal(d.err.length, 1);
    assert.doesNotMatch(d.err[0], /\n\s+at /);
  });
});
