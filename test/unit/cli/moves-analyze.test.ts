/**
 * `planilla moves` and `planilla analyze` end to end: the JSON shapes of
 * docs/cli.md, `--stdin` answering line by line (bad lines get `{id, error}` and the stream goes on), the
 * position echoed by `moves --json` fed back through `--stdin` giving the same answer, the played
 * move ranked by `analyze`, and one clear line with exit 2 for bad usage.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { ANALYZE_FILES_PER_WORKER, runAnalyze } from '../../../server/src/cli/commands/analyze';
import { defaultJobs } from '../../../server/src/cli/shared/batch';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { analyzeLogged, captureIo } from '../report/helpers';
import { samplePath as sample, tempDir } from '../../support/fixtures';

describe('analysis: planilla moves', function () {
  this.timeout(60000);
  it('lists the best moves of a line as JSON, in the shape docs/cli.md documents, with the count of every move when asked', async () => {
    const c = captureIo('es');
    assert.equal(await runMoves([sample('planilla-a-mano.gcg'), '--line', '9', '--top', '3', '--json', '--count'], c.io), 0);
    assert.deepEqual(c.err, []);
    const answer = JSON.parse(c.out.join('\n')) as { position: Record<string, unknown>; count: number; moves: Record<string, unknown>[] };
    assert.equal(answer.moves.length, 3);
    assert.equal(answer.position.rack, 'ADEINOT');
    assert.equal(answer.position.bag, 81);
    assert.ok(answer.count > 100);
    for (const m of answer.moves) {
      assert.deepEqual(Object.keys(m), ['kind', 'position', 'word', 'play', 'score', 'leave', 'equity']);
      assert.equal(m.kind, 'play');
    }
    // The position fed back through --stdin gives the same answer.
    const input = Readable.from([`${JSON.stringify({ id: 'x', ...answer.position, top: 3, count: true })}\n`]);
    const s = captureIo('es');
    assert.equal(await runMoves(['--stdin'], s.io, { stdin: input }), 0);
    const back = JSON.parse(s.out[0]) as { id: string; count: number; moves: unknown[] };
    assert.equal(back.id, 'x');
    assert.equal(back.count, answer.count);
    assert.deepEqual(back.moves, answer.moves);
    // Not asked: no count (the search is pruned), the same moves; --count on the command line is a line's default.
    const lines = [
      { id: 'a', ...answer.position, top: 3 },
      { id: 'b', ...answer.position, top: 3, count: false },
      { id: 'c', ...answer.position, top: 3, count: 'yes' },
    ].map((o) => JSON.stringify(o));
    for (const argv of [['--stdin'], ['--stdin', '--count']]) {
      const u = captureIo('en');
      assert.equal(await runMoves(argv, u.io, { stdin: Readable.from([lines.join('\n')]) }), 0);
      const got = u.out.map((l) => JSON.parse(l) as { count?: number; moves?: unknown[]; error?: string });
      assert.equal(got[0].count, argv.length === 2 ? answer.count : undefined, argv.join(' '));
      assert.ok(!('count' in got[1]), 'a line that says "count": false is not counted');
      assert.deepEqual(got[0].moves, answer.moves);
      assert.deepEqual(got[1].moves, answer.moves);
      assert.equal(got[2].error, '"count" must be true or false');
    }
    const plain = captureIo('es');
    assert.equal(await runMoves([sample('planilla-a-mano.gcg'), '--line', '9', '--top', '3', '--json'], plain.io), 0);
    const uncounted = JSON.parse(plain.out.join('\n')) as { count?: number; moves: unknown[] };
    assert.ok(!('count' in uncounted));
    assert.deepEqual(uncounted.moves, answer.moves);
  });

  it('--all lists count moves; --sort score orders by score', async () => {
    const c = captureIo('es');
    assert.equal(await runMoves([sample('planilla-a-mano.gcg'), '--line', '7', '--all', '--json', '--sort', 'score'], c.io), 0);
    const answer = JSON.parse(c.out.join('\n')) as { count: number; moves: { score: number; kind: string }[] };
    assert.equal(answer.moves.length, answer.count);
    for (let i = 1; i < answer.moves.length; i++) assert.ok(answer.moves[i - 1].score >= answer.moves[i].score);
    assert.equal(answer.moves.filter((m) => m.kind === 'pass').length, 1);
    // A[CH]U[RR]OSE: seven different tiles, 2^7 − 1 distinct exchanges.
    assert.equal(answer.moves.filter((m) => m.kind === 'exchange').length, 127);
  });

  it('answers --stdin line by line; a bad line gets {id, error} and the stream goes on', async () => {
    const empty = Array.from({ length: 15 }, () => '.'.repeat(15));
    const lines = [
      JSON.stringify({ id: 1, board: empty, rack: '[CH]ULETAS', top: 1 }),
      'not json',
      JSON.stringify({ id: 2, board: empty.slice(1), rack: 'AEI' }),
      JSON.stringify({ id: 3, board: empty, rack: 'AEIOUWK' }),
      JSON.stringify({ id: 4, board: empty, rack: '?ULETAS', top: 2, sort: 'score' }),
    ];
    const c = captureIo('en');
    assert.equal(await runMoves(['--stdin'], c.io, { stdin: Readable.from([lines.join('\n')]) }), 0);
    assert.equal(c.out.length, 5);
    const answers = c.out.map(
      (l) => JSON.parse(l) as { id: unknown; error?: string; moves?: { position: string; word: string; score: number }[] },
    );
    // 82 = (CH doubled on D8 or L8 + 6) × 2 + 50: 8B LU[CH]ASTE comes first by position.
    assert.deepEqual(answers[0].moves?.[0], {
      kind: 'play',
      position: '8B',
      word: 'LU[CH]ASTE',
      play: 'LU[CH]ASTE',
      score: 82,
      leave: '',
      equity: 82,
    });
    assert.equal(answers[1].id, null);
    assert.match(answers[1].error ?? '', /not valid JSON/);
    assert.equal(answers[2].id, 2);
    assert.match(answers[2].error ?? '', /15 strings/);
    assert.match(answers[3].error ?? '', /no tile of the Spanish set/);
    assert.equal(answers[4].moves?.length, 2);
  });

  it('refuses bad usage with one line and exit 2', async () => {
    for (const argv of [
      [sample('planilla-a-mano.gcg')],
      [sample('planilla-a-mano.gcg'), '--line', '8'],
      [sample('planilla-a-mano.gcg'), '--line', '9', '--top', '0'],
      [sample('planilla-a-mano.gcg'), '--line', '9', '--top', '3', '--all'],
      [sample('planilla-a-mano.gcg'), '--line', '9', '--sort', 'fun'],
      ['no-such-file.gcg', '--line', '9'],
    ]) {
      const c = captureIo('es');
      assert.equal(await runMoves(argv, c.io), 2, argv.join(' '));
      assert.equal(c.err.length, 1, `${argv.join(' ')}: ${c.err.join(' | ')}`);
      assert.deepEqual(c.out, []);
    }
  });
});

describe('analysis: planilla analyze', function () {
  this.timeout(120000);
  it('ranks each played move, gives the best ones and the equity lost, and sums it per player (JSON)', async () => {
    const c = captureIo('es');
    assert.equal(await runAnalyze([sample('planilla-a-mano.gcg'), '--json', '--top', '2'], c.io), 0);
    const doc = JSON.parse(c.out.join('\n')) as {
      files: {
        path: string;
        players: string[];
        turns: Record<string, any>[];
        summary: Record<string, { equityLost: number; perTurn: number; mistakes: Record<string, number> }>;
      }[];
    };
    const f = doc.files[0];
    assert.deepEqual(f.players, ['Lucía', 'Tomás']);
    const first = f.turns[0];
    assert.equal(first.line, 7);
    assert.equal(first.played.word, '[CH]U[RR]OS');
    assert.equal(first.played.score, 42);
    assert.equal(first.played.legal, true);
    assert.ok(first.played.rank >= 1);
    assert.equal(first.best.length, 2);
    assert.equal(first.equityLost, Math.round((first.best[0].equity - first.played.equity) * 100) / 100);
    // DOTINA is a phony the next line withdraws: the turn was in truth no points and the rack kept,
    // and is valued as that (a pass), not as the phony's score.
    const phony = f.turns.find((t) => t.line === 9)!;
    assert.equal(phony.played.kind, 'pass');
    assert.equal(phony.played.score, 0);
    assert.equal(phony.played.legal, true);
    let lost = 0;
    for (const t of f.turns) if (t.player === 'Lucía' && typeof t.equityLost === 'number') lost += t.equityLost;
    assert.equal(f.summary['Lucía'].equityLost, Math.round(lost * 100) / 100);
  });

  it('lists turns without a full rack with the reason, and reads a folder', async () => {
    const dir = tempDir('analyze');
    try {
      fs.writeFileSync(
        path.join(dir, 'a.gcg'),
        '#character-encoding UTF-8\n#player1 Ana Ana\n#player2 Beto Beto\n>Ana: ACEIMNO 8D CAMINO +26 26\n>Beto: 8H .ERO +6 6\n',
      );
      const c = captureIo('en');
      assert.equal(await runAnalyze([dir, '--json'], c.io), 0);
      const doc = JSON.parse(c.out.join('\n')) as { files: { turns: Record<string, unknown>[] }[] };
      assert.equal(doc.files.length, 1);
      assert.equal(doc.files[0].turns[1].reason, 'no-rack');
      const text = captureIo('en');
      assert.equal(await runAnalyze([dir], text.io), 0);
      assert.ok(
        text.out.some((l) => l.includes('line 5 Beto: not analysed, the sheet does not give the rack')),
        text.out.join('\n'),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('analysis: planilla analyze --jobs', function () {
  this.timeout(300000);

  it('takes --jobs as check does: a bad value is one line and exit 2; the default is this thread on two cores', async () => {
    for (const bad of ['0', 'x', '999']) {
      const r = await analyzeLogged([sample('planilla-a-mano.gcg'), '--jobs', bad]);
      assert.equal(r.code, 2, bad);
      assert.equal(r.log.length, 1, r.log.join('\n'));
      assert.ok(r.log[0].startsWith('err '), r.log[0]);
    }
    assert.equal(defaultJobs(1000, 2, ANALYZE_FILES_PER_WORKER), 1);
    assert.equal(defaultJobs(ANALYZE_FILES_PER_WORKER * 2 - 1, 8, ANALYZE_FILES_PER_WORKER), 1);
    assert.equal(defaultJobs(ANALYZE_FILES_PER_WORKER * 3, 8, ANALYZE_FILES_PER_WORKER), 3);
    assert.equal(defaultJobs(ANALYZE_FILES_PER_WORKER * 100, 4, ANALYZE_FILES_PER_WORKER), 3);
  });
});
