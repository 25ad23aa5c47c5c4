/**
 * What a newcomer saw running `planilla moves`, `moves --stdin`, `analyze` and `check` as the
 * README shows them, in Spanish and English (review before release): numbers written for the
 * language, no English from JavaScript in a Spanish answer, an empty record that says so instead
 * of naming nobody, and `--stdin` taking the command line's `--top`/`--all`/`--sort` as defaults
 * (and refusing a FILE or `--line` it would ignore).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { runAnalyze } from '../../../server/src/cli/commands/analyze';
import { runCheck } from '../../../server/src/cli/commands/check';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { captureIo } from '../report/helpers';
import { removeTempDir, samplePath as sample, tempDir } from '../../support/fixtures';
const EMPTY_BOARD = Array.from({ length: 15 }, () => '.'.repeat(15));

describe('analysis: the CLI as a newcomer reads it', function () {
  this.timeout(60000);
  let dir = '';
  before(() => {
    dir = tempDir('newcomer');
  });
  after(() => removeTempDir(dir));

  it('moves writes equities with the language’s decimal mark and the count as a counted noun', async () => {
    // Line 21 of partida-completa: HIMOORS, best 15D HIRMO +48 with a fractional equity.
    const es = captureIo('es');
    assert.equal(await runMoves([sample('partida-completa.gcg'), '--line', '21', '--top', '3', '--count'], es.io), 0);
    const en = captureIo('en');
    assert.equal(await runMoves([sample('partida-completa.gcg'), '--line', '21', '--top', '3'], en.io), 0);
    const json = captureIo('en');
    assert.equal(await runMoves([sample('partida-completa.gcg'), '--line', '21', '--top', '3', '--json', '--count'], json.io), 0);
    const answer = JSON.parse(json.out.join('\n')) as { count: number; moves: { equity: number }[] };
    const first = answer.moves[0].equity;
    assert.notEqual(first, Math.round(first), 'the best move of that turn has a fractional equity');
    assert.match(es.out[1], new RegExp(`equidad ${String(first).replace('.', ',')}$`));
    assert.match(en.out[1], new RegExp(`equity ${String(first).replace('.', '\\.')}$`));
    assert.doesNotMatch(es.out.join('\n'), /equidad -?\d+\.\d/);
    assert.match(es.out[0], new RegExp(`; ${answer.count} jugadas legales$`));
    // Without --count the heading says no count (the search is pruned).
    assert.match(en.out[0], /: rack HIMOORS, bag \d+$/);
  });

  it('moves --stdin explains a line that is not JSON in the chosen language only', async () => {
    const lines = ['not json', '{"id":2,"rack":', '{"a" 1}', '{} x'];
    for (const lang of ['es', 'en'] as const) {
      const c = captureIo(lang);
      assert.equal(await runMoves(['--stdin'], c.io, { stdin: Readable.from([lines.join('\n')]) }), 0);
      assert.equal(c.out.length, lines.length);
      for (const out of c.out) {
        const a = JSON.parse(out) as { id: unknown; error: string };
        assert.equal(a.id, null);
        // JavaScript's own (English) wording never reaches the user.
        assert.doesNotMatch(a.error, /Unexpected|Expected|JSON input|", .* is not valid|position \d/, a.error);
        if (lang === 'es') assert.match(a.error, /^la línea no es JSON válido/);
        else assert.match(a.error, /^the line is not valid JSON/);
      }
      const [token, end, at] = c.out.map((l) => (JSON.parse(l) as { error: string }).error);
      assert.match(token, lang === 'es' ? /«o» inesperado/ : /unexpected "o"/);
      assert.match(end, lang === 'es' ? /se corta antes de terminar/ : /ends too soon/);
      assert.match(at, /6\)$/); // '{"a" 1}': the 1 is the sixth character
    }
  });

  it('moves --stdin takes --top, --all and --sort as defaults for lines that do not say', async () => {
    const lines = [
      JSON.stringify({ id: 1, board: EMPTY_BOARD, rack: 'CASA' }),
      JSON.stringify({ id: 2, board: EMPTY_BOARD, rack: 'CASA', top: 1 }),
    ];
    const c = captureIo('en');
    assert.equal(await runMoves(['--stdin', '--top', '2', '--sort', 'score'], c.io, { stdin: Readable.from([lines.join('\n')]) }), 0);
    const [a, b] = c.out.map((l) => JSON.parse(l) as { moves: { score: number; equity: number }[] });
    assert.equal(a.moves.length, 2);
    assert.equal(b.moves.length, 1);
    // Sorted by score: a four-letter word (12) first, though a two-tile play keeping AS has more equity.
    assert.equal(a.moves[0].score, 12);
    const all = captureIo('en');
    assert.equal(await runMoves(['--stdin', '--all'], all.io, { stdin: Readable.from([lines[0]]) }), 0);
    const every = JSON.parse(all.out[0]) as { count: number; moves: unknown[] };
    assert.equal(every.moves.length, every.count);
  });

  it('moves --stdin refuses a bag that would give the opponent more than seven tiles', async () => {
    // An empty board and CASA: 96 tiles unseen, so the bag holds 89 to 96 (the opponent 7 to 0).
    const line = (id: number, bag: unknown): string => JSON.stringify({ id, board: EMPTY_BOARD, rack: 'CASA', bag, top: 1 });
    const c = captureIo('en');
    const input = [line(1, 0), line(2, 88), line(3, 'A'.repeat(5)), line(4, 89), line(5, 96)].join('\n');
    assert.equal(await runMoves(['--stdin'], c.io, { stdin: Readable.from([input]) }), 0);
    const answers = c.out.map((l) => JSON.parse(l) as { id: number; error?: string; moves?: { equity: number }[] });
    for (const a of answers.slice(0, 3))
      assert.equal(
        a.error,
        '"bag" must be a number of tiles (89 to 96: the opponent holds at most 7) or a string of as many tiles',
        `id ${a.id}`,
      );
    // With bag 0 the opponent held 96 tiles and a four-tile play that empties the rack was worth 12 + 2 × 186.
    assert.ok(answers[3].moves && answers[3].moves[0].equity < 50);
    assert.ok(answers[4].moves && answers[4].moves.length === 1);
  });

  it('moves --stdin refuses a top beyond 999999 in one answer, as --top does (1e12 was an internal error)', async () => {
    const lines = [1e12, 1e300, 1000000, 999999].map((top, i) =>
      JSON.stringify({ id: i, board: EMPTY_BOARD, rack: 'CASA', top, count: true }),
    );
    const c = captureIo('en');
    assert.equal(await runMoves(['--stdin'], c.io, { stdin: Readable.from([lines.join('\n')]) }), 0);
    const answers = c.out.map((l) => JSON.parse(l) as { id: number; error?: string; count?: number; moves?: unknown[] });
    for (const a of answers.slice(0, 3)) assert.equal(a.error, '"top" must be a whole number from 1 to 999999', `id ${a.id}`);
    assert.equal(answers[3].moves?.length, answers[3].count);
  });

  it('moves --stdin refuses a FILE or --line it would otherwise ignore', async () => {
    for (const argv of [
      ['--stdin', sample('partida-completa.gcg')],
      ['--stdin', '--line', '9'],
    ]) {
      const c = captureIo('en');
      assert.equal(await runMoves(argv, c.io, { stdin: Readable.from(['']) }), 2, argv.join(' '));
      assert.deepEqual(c.err, ['planilla: moves --stdin reads the positions from standard input; it takes no FILE and no --line']);
      assert.deepEqual(c.out, []);
    }
  });

  it('an empty record: analyze says there is nothing to analyse, check names no empty players', async () => {
    const file = path.join(dir, 'vacia.gcg');
    fs.writeFileSync(file, '');
    for (const lang of ['es', 'en'] as const) {
      const text = captureIo(lang);
      assert.equal(await runAnalyze([file], text.io, { progress: undefined }), 0);
      assert.deepEqual(text.out, [lang === 'es' ? `${file}: ninguna jugada que analizar` : `${file}: no moves to analyse`]);
      const json = captureIo(lang);
      assert.equal(await runAnalyze([file, '--json'], json.io, { progress: undefined }), 0);
      const files = (JSON.parse(json.out.join('\n')) as { files: { players: string[]; summary: Record<string, unknown> }[] }).files;
      assert.deepEqual(files[0].players, []);
      assert.deepEqual(files[0].summary, {});
      const check = captureIo(lang);
      assert.equal(await runCheck([file], check.io), 0);
      const summary = check.out.find((l) => l.startsWith(`${file}: `)) ?? '';
      assert.match(summary, lang === 'es' ? / · ninguna jugada anotada$/ : / · no moves recorded$/);
      assert.doesNotMatch(summary, / {2}0 –/);
      const checkJson = captureIo(lang);
      assert.equal(await runCheck([file, '--json'], checkJson.io), 0);
      const record = (JSON.parse(checkJson.out.join('\n')) as { files: Record<string, unknown>[] }).files[0];
      assert.deepEqual([record.players, record.final, record.result], [[], {}, {}]);
    }
  });

  it('a record that names one player only shows "jugador 2" for the other', async () => {
    const file = path.join(dir, 'uno.gcg');
    fs.writeFileSync(file, '>Ana: CASA?ER 8E CASA +12 12\n');
    const c = captureIo('es');
    await runCheck([file], c.io);
    const summary = c.out.find((l) => l.startsWith(`${file}: `)) ?? '';
    assert.deepEqual(
      c.out.filter((l) => l.startsWith(`${file}:1`)),
      [],
      'the move itself is right',
    );
    assert.match(summary, /Ana 12 – jugador 2 0$/);
  });
});

describe('analysis: moves are in the documented order by the figures they show', function () {
  this.timeout(60000);
  /** The documented order on the printed values: key (desc), score (desc), position, word (as strings). */
  const outOfOrder = (
    moves: { kind: string; position?: string; word?: string; tiles?: string; score: number; equity: number }[],
    key: 'equity' | 'score',
  ): string[] => {
    const bad: string[] = [];
    const str = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
    for (let i = 1; i < moves.length; i++) {
      const a = moves[i - 1];
      const b = moves[i];
      const c =
        b[key] - a[key] ||
        b.score - a.score ||
        str(a.position ?? '', b.position ?? '') ||
        str(a.word ?? a.tiles ?? '', b.word ?? b.tiles ?? '');
      if (c > 0) bad.push(`${JSON.stringify(a)} before ${JSON.stringify(b)}`);
    }
    return bad;
  };

  it('--all: equal printed equities are ordered by score, then position, then word', async () => {
    // Line 21 of partida-completa (HIMOORS, 866 moves): several moves share a printed equity with different scores.
    for (const line of ['21', '9', '16']) {
      const c = captureIo('en');
      assert.equal(await runMoves([sample('partida-completa.gcg'), '--line', line, '--all', '--json'], c.io), 0);
      const answer = JSON.parse(c.out.join('\n')) as { moves: Parameters<typeof outOfOrder>[0] };
      assert.deepEqual(outOfOrder(answer.moves, 'equity').slice(0, 3), [], `line ${line}`);
    }
  });

  it('the top N is the first N of --all, at every N', async () => {
    const all = captureIo('en');
    await runMoves([sample('partida-completa.gcg'), '--line', '21', '--all', '--json'], all.io);
    const every = (JSON.parse(all.out.join('\n')) as { moves: unknown[] }).moves;
    for (const n of [1, 7, 33, 100]) {
      const c = captureIo('en');
      await runMoves([sample('partida-completa.gcg'), '--line', '21', '--top', String(n), '--json'], c.io);
      assert.deepEqual((JSON.parse(c.out.join('\n')) as { moves: unknown[] }).moves, every.slice(0, n), `top ${n}`);
    }
  });
});
