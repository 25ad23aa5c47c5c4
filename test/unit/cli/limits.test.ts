/**
 * Inputs checked at the door and limits read one way: the opponent's rack of a `moves --stdin`
 * endgame checked against the tile set and the unseen pool (never an "exact" answer for a position
 * that cannot exist), a bag given as tiles checked the same way; the loss of the move played never
 * negative, however small the node limit; every documented default inside its own range, and the
 * range messages saying exactly what the check accepts; `--threads` capped to the cores, said once.
 */
import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { runEndgame } from '../../../server/src/cli/commands/endgame';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { capToCores, MAX_NODES, MAX_SECONDS, MIN_SECONDS, validNodes, validSeconds } from '../../../server/src/cli/shared/limits';
import { MAX_ITERATIONS, MAX_PLIES, MAX_THREADS, SIM_CANDIDATES } from '../../../server/src/cli/shared/sim';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import { captureIo } from '../report/helpers';
import { samplePath as sample } from '../../support/fixtures';

interface EndgameAnswer {
  id: number;
  moves: unknown[];
  endgame?: { spread?: number; exact?: boolean; error?: string };
}

describe('analysis: inputs checked and limits kept (endgame, moves --stdin)', function () {
  this.timeout(120000);

  /** The bag-empty position of line 42 of the club game (the opponent holds Q; on line 41, DGNP). */
  async function bagEmpty(line = '42'): Promise<Record<string, unknown>> {
    const c = captureIo('en');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', line, '--json'], c.io), 0);
    return (JSON.parse(c.out.join('\n')) as { position: Record<string, unknown> }).position;
  }

  async function ask(lines: Record<string, unknown>[]): Promise<EndgameAnswer[]> {
    const s = captureIo('en');
    const input = Readable.from(lines.map((l) => `${JSON.stringify(l)}\n`));
    assert.equal(await runMoves(['--stdin'], s.io, { stdin: input }), 0);
    return s.out.map((l) => JSON.parse(l) as EndgameAnswer);
  }

  it("refuses an opponent's rack the position cannot hold, and still gives the moves", async () => {
    const position = await bagEmpty();
    const racks = ['ZZZZZZZ', 'A'.repeat(200), 'E', 'QE', 'q', ''];
    const answers = await ask(racks.map((opponentRack, id) => ({ id, ...position, top: 1, endgame: { opponentRack } })));
    const [zeds, long, foreign, more, blank, empty] = answers;
    const [part] = await ask([{ id: 7, ...(await bagEmpty('41')), top: 1, endgame: { opponentRack: 'DG' } }]);
    answers.push(part);
    assert.match(zeds.endgame?.error ?? '', /"opponentRack" ZZZZZZZ cannot be: it holds Z × 7 and only 0 are off the board and the rack/);
    assert.match(long.endgame?.error ?? '', /"opponentRack" holds 200 tiles; a rack holds 1 to 7/);
    assert.match(
      foreign.endgame?.error ?? '',
      /"opponentRack" E cannot be: it holds E × 1 and only 0 are off the board and the rack \(left: Q\)/,
    );
    assert.match(
      part.endgame?.error ?? '',
      /"opponentRack" DG cannot be: with the bag empty the opponent holds exactly the tiles not on the board nor on the rack, [DGNP]{4}$/,
    );
    assert.match(more.endgame?.error ?? '', /"opponentRack" QE cannot be: it holds E × 1/);
    assert.match(blank.endgame?.error ?? '', /"opponentRack" is a text of tiles/);
    assert.match(empty.endgame?.error ?? '', /holds 0 tiles/);
    for (const a of answers) {
      assert.equal(a.endgame?.exact, undefined);
      assert.equal(a.moves.length, 1);
    }
    // The rack the position implies is answered, exactly.
    const [right] = await ask([{ id: 9, ...position, top: 1, endgame: { opponentRack: 'Q' } }]);
    assert.equal(right.endgame?.exact, true);
  });

  it('refuses a bag given as tiles the set does not have left', async () => {
    const empty = Array.from({ length: 15 }, () => '.'.repeat(15));
    // The whole set but the rack: a bag the position can have.
    const left = TILE_SETS.spanish.kinds.flatMap((k) => Array.from({ length: k.count }, () => k.letter));
    for (const f of ['A', 'E', 'I', 'R', 'S', 'T', '?']) left.splice(left.indexOf(f), 1);
    const bag = left.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
    const [zeds, fine] = (await ask([
      { id: 1, board: empty, rack: 'AEIRST?', bag: 'Z'.repeat(90), top: 1 },
      { id: 2, board: empty, rack: 'AEIRST?', bag, top: 1 },
    ])) as unknown as { id: number; error?: string; moves?: unknown[] }[];
    assert.match(zeds.error ?? '', /Z/);
    assert.equal(zeds.moves, undefined);
    assert.equal(fine.error, undefined);
    assert.equal(fine.moves?.length, 1);
  });

  it('never prints a negative loss, whatever the node limit', async () => {
    for (const nodes of ['50', '100', '300', '3000']) {
      const c = captureIo('en');
      assert.equal(await runEndgame([sample('partida-completa.gcg'), '--line', '35', '--nodes', nodes, '--json'], c.io), 0);
      const a = JSON.parse(c.out.join('\n')) as { spread: number; exact: boolean; played: { spread: number; lost: number } };
      assert.ok(a.played.lost >= 0, `--nodes ${nodes}: loses ${a.played.lost}`);
      assert.equal(a.played.lost, Math.max(0, a.spread - a.played.spread));
      const text = captureIo('en');
      assert.equal(await runEndgame([sample('partida-completa.gcg'), '--line', '35', '--nodes', nodes], text.io), 0);
      assert.doesNotMatch(text.out.join('\n'), /loses -/);
    }
  });

  it('accepts every documented default and says the range its check applies', async () => {
    // The endgame's default node limit (2 000 000), given as a value.
    const c = captureIo('en');
    assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '41', '--nodes', '2000000'], c.io), 0);
    assert.deepEqual(c.err, []);
    assert.ok(validNodes(2_000_000) && validNodes(MAX_NODES) && !validNodes(MAX_NODES + 1) && !validNodes(0));
    assert.ok(validSeconds(MIN_SECONDS) && validSeconds(MAX_SECONDS) && !validSeconds(0.05) && !validSeconds(MAX_SECONDS + 1));
    // The simulation's defaults inside their ranges.
    assert.ok(1000 <= MAX_ITERATIONS && 2 <= MAX_PLIES && 1 <= MAX_THREADS && SIM_CANDIDATES >= 1);
    const refused: [string[], RegExp][] = [
      [['--nodes', '0'], /invalid value for --nodes: "0" \(allowed: 1–100000000\)/],
      [['--nodes', '100000001'], /\(allowed: 1–100000000\)/],
      [['--time', '0.05'], /invalid value for --time: "0\.05" \(allowed: 0\.1–86400\)/],
      [['--time', '86401'], /\(allowed: 0\.1–86400\)/],
    ];
    for (const [extra, re] of refused) {
      const e = captureIo('en');
      assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '41', ...extra], e.io), 2);
      assert.equal(e.err.length, 1);
      assert.match(e.err[0], re);
    }
    for (const time of ['0.1', '2.5']) {
      const ok = captureIo('en');
      assert.equal(await runEndgame([sample('final-de-club.gcg'), '--line', '41', '--time', time], ok.io), 0);
    }
    // --sim --time: the same range, and a value below it refused as the message says.
    const sim = captureIo('en');
    const line20 = [sample('partida-completa.gcg'), '--line', '20', '--sim'];
    assert.equal(await runMoves([...line20, '--time', '0.05'], sim.io), 2);
    assert.match(sim.err[0], /\(allowed: 0\.1–86400\)/);
  });

  it('caps threads to the cores, saying so once', () => {
    const c = captureIo('en');
    assert.equal(capToCores(256, '--jobs', c.io, 2), 2);
    assert.deepEqual(c.err, ['planilla: --jobs 256: this machine has 2 cores; using 2']);
    const quiet = captureIo('es');
    assert.equal(capToCores(2, '--threads', quiet.io, 2), 2);
    assert.equal(capToCores(1, '--threads', quiet.io, 4), 1);
    assert.deepEqual(quiet.err, []);
    const one = captureIo('es');
    assert.equal(capToCores(8, '--threads', one.io, 1), 1);
    assert.deepEqual(one.err, ['planilla: --threads 8: este equipo tiene 1 núcleo; se usan 1']);
  });
});
