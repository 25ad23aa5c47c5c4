/**
 * Leave files: the shipped table loads and names its provenance; a user's
 * .klv2 is read; a corrupt or foreign file is refused with one line and the built-in table is
 * used; the setting is declared in package.json.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BUILTIN_LEAVES_FILE, builtinLeaves, formatLeaveMessage, loadLeavesOrBuiltin } from '../../../server/src/analysis/leave-files';
import { LeaveTable, SPANISH_ALPHABET } from '../../../server/src/analysis/leave-table';
import { writeKlv } from '../../support/klv-writer';
import { Readable } from 'node:stream';
import { runAnalyze } from '../../../server/src/cli/commands/analyze';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { captureIo } from '../report/helpers';
import { analyze } from '../../../server/src/service/document';
import { CoachCache, coachTurn, useCoachLeaves } from '../../../server/src/service/coach';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { prepare } from '../../../server/src/analysis/equity';
import { emptyBoard } from '../../../server/src/engine/board';
import type { LeaveEvaluator } from '../../../server/src/analysis/leaves';
import { removeTempDir, repoRoot, samplePath, tempDir } from '../../support/fixtures';

describe('leaves: files', () => {
  let dir: string;
  before(() => {
    dir = tempDir('leaves');
  });
  after(() => removeTempDir(dir));

  it('the built-in table is shipped, loads, and says where it comes from', () => {
    const b = builtinLeaves();
    assert.equal(b.warning, undefined);
    assert.ok(b.leaves instanceof LeaveTable);
    const t = b.leaves;
    const p = t.provenance as {
      method?: string;
      list?: { name?: string };
      seed?: number;
      totalGames?: number;
      totalRacks?: number;
      generations?: number;
    };
    assert.match(p.method ?? '', /^rack-equity/);
    assert.match(p.list?.name ?? '', /an-array-of-spanish-words/);
    assert.ok(typeof p.seed === 'number' && (p.totalGames ?? 0) > 0 && (p.totalRacks ?? 0) > 0 && (p.generations ?? 0) === 2);
    // every leave of 1–6 tiles has a value of its own
    assert.equal(t.ranks.length, t.index.size);
    // the blank is the best single tile to keep; Q is worth less than keeping nothing
    assert.ok(t.value(['?']) > t.value(['S']) && t.value(['Q']) < 0);
    // it goes into the .vsix
    assert.match(
      fs.readFileSync(path.join(repoRoot, '.vscodeignore'), 'utf8'),
      new RegExp(`!data/${BUILTIN_LEAVES_FILE.replace('.', '\\.')}`),
    );
  });

  it('the built-in table values every sub-rack by rank as it values the leave by its faces', () => {
    const table = builtinLeaves().leaves;
    assert.ok(table instanceof LeaveTable && table.storesAllOf(table.index));
    // the same values through the faces (an evaluator that is not a table: the memoised path)
    const byFaces: LeaveEvaluator = { name: 'faces', value: (leave) => table.value(leave) };
    const racks = ['?AEINRS', '??CHLLRR', 'QÑXZAAE', 'EEEEEEE', 'RRLLCHÑ', 'A', ''].map((r) => r.match(/CH|LL|RR|./gu) ?? []);
    for (const rack of racks) {
      const position = {
        board: emptyBoard(),
        rack: rack.slice(0, 7),
        bag: 50,
        scores: [0, 0] as const,
        rules: 'fise' as const,
        tileSet: 'spanish' as const,
      };
      const direct: Float64Array = prepare(position, { lexicon: loadDefaultLexicon(), leaves: table }).table;
      const memo: Float64Array = prepare(position, { lexicon: loadDefaultLexicon(), leaves: byFaces }).table;
      assert.deepEqual([...direct], [...memo], rack.join(''));
      assert.ok(direct.some((v) => v !== 0) || rack.length === 0, rack.join(''));
    }
  });

  it('reads a user .klv2 named by the setting', () => {
    const file = path.join(dir, 'mine.klv2');
    fs.writeFileSync(file, writeKlv(SPANISH_ALPHABET.map((_, c) => [[c], c === 0 ? 40 : 1] as [number[], number])));
    const r = loadLeavesOrBuiltin(file);
    assert.equal(r.warning, undefined);
    assert.equal(r.leaves.value(['?']), 40);
    assert.equal(r.leaves.value(['?', 'A']), 41); // smoothed from the single tiles
  });

  it('refuses a corrupt, foreign or missing file with one message that says it cannot be used', () => {
    const builtin = builtinLeaves().leaves;
    const cases: [string, Buffer | undefined, RegExp][] = [
      [
        'corrupt.klv2',
        Buffer.from('not a leave file at all'),
        /^the leave file .*corrupt\.klv2 cannot be used: its sizes do not add up to the file length$/,
      ],
      [
        'english.klv2',
        writeKlv([...SPANISH_ALPHABET.map((_, c) => [[c], 0] as [number[], number]), [[5, 5, 5, 5, 5, 5], 1]]),
        /another alphabet: a leave holds 6 × D/,
      ],
      ['missing.klv2', undefined, /cannot be read \(ENOENT\)/],
    ];
    for (const [name, bytes, re] of cases) {
      const file = path.join(dir, name);
      if (bytes) fs.writeFileSync(file, bytes);
      const r = loadLeavesOrBuiltin(file);
      assert.equal(r.leaves, builtin);
      assert.ok(r.warning);
      const en = formatLeaveMessage(r.warning, 'en');
      assert.match(en, re);
      assert.ok(!en.includes('\n'));
      assert.match(formatLeaveMessage(r.warning, 'es'), /^no se puede usar el archivo de valores de atril .*: /);
    }
  });

  it('planilla moves and analyze take --leaves: their own table changes the equity; a refused file is an error', async function () {
    this.timeout(60000);
    const empty = Array.from({ length: 15 }, () => '.'.repeat(15));
    const ask = async (extra: string[], code = 0): Promise<{ out: string[]; err: string[] }> => {
      const c = captureIo('en');
      const input = Readable.from([`${JSON.stringify({ id: 1, board: empty, rack: 'AEIRST?', top: 1 })}\n`]);
      assert.equal(await runMoves(['--stdin', ...extra], c.io, { stdin: input }), code);
      return c;
    };
    const builtin = await ask([]);
    assert.deepEqual(builtin.err, []);
    const best = JSON.parse(builtin.out[0]) as { moves: { equity: number; score: number; leave: string }[] };
    // the built-in table prices the leave of the best move
    const table = builtinLeaves().leaves;
    const m = best.moves[0];
    const leave = m.leave.match(/\[[^\]]+\]|./g) ?? [];
    assert.ok(Math.abs(m.equity - (m.score + table.value(leave))) < 0.01);
    // a table of our own: every single tile worth 100, so any kept tile beats scoring
    const mine = path.join(dir, 'keep.klv2');
    fs.writeFileSync(mine, writeKlv(SPANISH_ALPHABET.map((_, c) => [[c], 100] as [number[], number])));
    const own = await ask(['--leaves', mine]);
    assert.deepEqual(own.err, []);
    const ownBest = JSON.parse(own.out[0]) as { moves: { kind: string; leave: string }[] };
    assert.ok(ownBest.moves[0].leave.length >= 6, JSON.stringify(ownBest.moves[0]));
    // refused: one line on stderr, exit 2, no analysis with other values
    const bad = path.join(dir, 'bad.klv2');
    fs.writeFileSync(bad, 'garbage');
    const refused = await ask(['--leaves', bad], 2);
    assert.equal(refused.err.length, 1);
    assert.match(refused.err[0], /^planilla: the leave file .*bad\.klv2 cannot be used: too short$/);
    assert.deepEqual(refused.out, []);
    const a = captureIo('en');
    assert.equal(await runAnalyze([samplePath('planilla-a-mano.gcg'), '--leaves', bad, '--top', '1'], a.io), 2);
    assert.equal(a.err.filter((l) => l.includes('cannot be used')).length, 1);
    assert.deepEqual(a.out, []);
  });

  it("the editor: a refused planilla.leaves file is the coach's answer, never a silent fallback", () => {
    const analysis = analyze(fs.readFileSync(samplePath('planilla-a-mano.gcg')));
    const lexicon = loadDefaultLexicon();
    const cache = new CoachCache();
    let index = -1;
    for (let i = 0; i < analysis.replay.turns.length && index < 0; i++) {
      const answer = coachTurn(analysis, i, lexicon, cache, 'es');
      if (answer && 'turn' in answer) index = i;
    }
    assert.ok(index >= 0, 'no turn the coach analyses');
    const bad = path.join(dir, 'editor-bad.klv2');
    fs.writeFileSync(bad, 'garbage');
    try {
      const problem = useCoachLeaves(bad);
      assert.ok(problem);
      assert.match(formatLeaveMessage(problem, 'en'), /cannot be used: too short/);
      const answer = coachTurn(analysis, index, lexicon, cache, 'es');
      assert.ok(answer && 'reason' in answer, JSON.stringify(answer));
      assert.match(answer.reason, /^no se puede usar el archivo de valores de atril .*editor-bad\.klv2: demasiado corto$/);
      // a good file of one's own is used (its own cache entries)
      const mine = path.join(dir, 'editor-mine.klv2');
      fs.writeFileSync(mine, writeKlv(SPANISH_ALPHABET.map((_, c) => [[c], 100] as [number[], number])));
      assert.equal(useCoachLeaves(mine), undefined);
      const own = coachTurn(analysis, index, lexicon, cache, 'es');
      assert.ok(own && 'turn' in own);
    } finally {
      assert.equal(useCoachLeaves(''), undefined);
    }
  });

  it('falls back to the provisional worths, with a message, when the built-in table is missing', () => {
    const r = builtinLeaves(dir);
    assert.ok(r.warning);
    assert.equal(r.leaves.name, 'provisional-tile-worths');
    assert.match(formatLeaveMessage(r.warning, 'en'), /built-in leave table .* is missing/);
    builtinLeaves(); // restore the memo for the other tests
  });
});
