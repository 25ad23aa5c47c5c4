/**
 * `planilla endgame` and the `"endgame"` field of `moves --stdin` end to end: the best line, its
 * spread and the value of the move played on a sample's bag-empty turn, in text (both languages)
 * and JSON; the same answer through `--stdin`; one clear line and exit 2 for a turn with tiles in
 * the bag, a missing file and bad usage; a bad `"endgame"` field answers an error in that field.
 */
import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { runEndgame } from '../../../server/src/cli/commands/endgame';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { runCli } from '../../support/cli-capture';
import { captureIo } from '../report/helpers';
import { samplePath as sample } from '../../support/fixtures';

describe('analysis: planilla endgame', function () {
  this.timeout(120000);
  it('solves the bag-empty turn of a sample: line, spread, the move played and what it lost', async () => {
    const c = captureIo('es');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '41', '--json'], c.io), 0);
    assert.deepEqual(c.err, []);
    const a = JSON.parse(c.out.join('\n')) as {
      position: { rack: string; bag: number };
      opponentRack: string;
      spread: number;
      exact: boolean;
      end: string;
      line: { kind: string; score: number }[];
      played: { position: string; spread: number; lost: number };
    };
    assert.equal(a.position.rack, 'EQ');
    assert.equal(a.position.bag, 0);
    assert.equal([...a.opponentRack].sort().join(''), 'DGNP');
    assert.equal(a.exact, true);
    assert.equal(a.end, 'out');
    // Going out with QUE at once (7 points + 2 × the 8 of DGNP) is best; EN, as played, loses.
    assert.equal(a.line.length, 1);
    assert.equal(a.spread, 23);
    assert.equal(a.played.position, '4E');
    assert.ok(a.played.lost > 0);
    assert.equal(a.played.spread, a.spread - a.played.lost);
    // Text, in both languages.
    const es = captureIo('es');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '41'], es.io), 0);
    assert.match(es.out.join('\n'), /diferencial hasta el final \+23 \(un jugador se queda sin fichas, art\. 37\.4/);
    const en = captureIo('en');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '41'], en.io), 0);
    assert.match(en.out.join('\n'), /move played: 4E EN, spread -?\d+; loses \d+/);
  });

  it('answers the "endgame" field of moves --stdin with the same spread and line', async () => {
    const c = captureIo('es');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '42', '--json'], c.io), 0);
    const a = JSON.parse(c.out.join('\n')) as { position: Record<string, unknown>; spread: number; line: unknown[] };
    const input = Readable.from([
      `${JSON.stringify({ id: 1, ...a.position, top: 1, endgame: { opponentRack: 'Q' } })}\n`,
      `${JSON.stringify({ id: 2, ...a.position, top: 1, endgame: 'Q' })}\n`,
      `${JSON.stringify({ id: 3, ...a.position, top: 1 })}\n`,
    ]);
    const s = captureIo('en');
    assert.equal(await runMoves(['--stdin'], s.io, { stdin: input }), 0);
    const [one, two, three] = s.out.map((l) => JSON.parse(l) as { endgame?: { spread?: number; line?: unknown[]; error?: string } });
    assert.equal(one.endgame?.spread, a.spread);
    assert.deepEqual(one.endgame?.line, a.line);
    assert.match(two.endgame?.error ?? '', /"endgame" is an object/);
    assert.equal(three.endgame, undefined);
  });

  it('with two tiles in the bag gives the pre-endgame: each candidate over every ordering of the bag, and the move played', async () => {
    const c = captureIo('en');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '37', '--top', '1', '--nodes', '500', '--json'], c.io), 0);
    assert.deepEqual(c.err, []);
    const a = JSON.parse(c.out.join('\n')) as {
      position: { bag: number };
      unseen: string;
      opponentTiles?: string;
      preEndgame: {
        bag: number;
        orderings: number;
        weight: number;
        candidates: { kind: string; spread: number; cases: number; solved: number; timedOut: number }[];
      };
      played: { position: string; spread: number; lost: number };
    };
    assert.equal(a.position.bag, 2);
    assert.equal(a.unseen.length, 9);
    // 9 unseen tiles, two in the bag; the tiles the sheet shows on the opponent's rack (what it kept
    // of its written rack) are not in the bag: (9 − k) × (8 − k) instance orderings.
    const k = a.opponentTiles?.length ?? 0;
    assert.ok(k > 0 && k <= 7, `known tiles: ${a.opponentTiles}`);
    assert.equal(a.preEndgame.weight, (9 - k) * (8 - k));
    assert.equal(a.preEndgame.candidates.length, 3); // the best, the pass, the move played
    assert.ok(a.preEndgame.candidates.some((x) => x.kind === 'pass'));
    for (const x of a.preEndgame.candidates) assert.equal(x.solved + x.timedOut, a.preEndgame.orderings);
    assert.equal(a.played.position, 'H1');
    assert.ok(Math.abs(a.played.lost - (a.preEndgame.candidates[0].spread - a.played.spread)) <= 0.011); // each rounded to hundredths
    const es = captureIo('es');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '37', '--top', '1', '--nodes', '300'], es.io), 0);
    assert.match(es.out[0], /prefinal con 2 fichas en la bolsa, atril CDEEQRU/);
    assert.match(es.out.join('\n'), /jugada hecha: H1 EDUCANDA, diferencial medio -?[\d,]+; pierde/);
    // The same through the "endgame" field of moves --stdin.
    const input = Readable.from([`${JSON.stringify({ id: 1, ...(a.position as object), top: 1, endgame: { top: 1, nodes: 500 } })}\n`]);
    const s = captureIo('en');
    assert.equal(await runMoves(['--stdin'], s.io, { stdin: input }), 0);
    // A position alone shows nothing of the opponent's rack: 9 × 8 instance orderings.
    const one = JSON.parse(s.out[0]) as { endgame: { weight: number; candidates: { spread: number }[] } };
    assert.equal(one.endgame.weight, 72);
  });

  it('says plainly when it cannot solve: tiles in the bag, no file, no --line', async () => {
    const bag = captureIo('en');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '13'], bag.io), 2);
    assert.equal(bag.err.length, 1);
    assert.match(bag.err[0], /the bag still holds \d+ tiles/);
    const missing = await runCli(['endgame', 'no-such-file.gcg', '--line', '3']);
    assert.equal(missing.code, 2);
    assert.equal(missing.err.trim().split('\n').length, 1);
    const noLine = await runCli(['endgame', sample('final-de-club.gcg')]);
    assert.equal(noLine.code, 2);
    assert.equal(noLine.err.trim().split('\n').length, 1);
  });
});
