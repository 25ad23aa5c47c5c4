/**
 * CGP in and out, and the reconstruction of a game from its scores and its final board:
 * every position of every corpus record and sample goes record → CGP → the same position;
 * hostile CGP strings give one message; `moves --cgp` answers as `moves --line` does on the
 * same position; a score-only sheet comes back with its plays, every unique answer being the
 * play of the original game, the completed sheet replaying with no error and rebuilding the
 * board and the totals; a sheet that cannot fit says at which line.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cgpAfter, positionFromCgp, readBoardText, readCgp, writeCgp } from '../../../server/src/analysis/cgp';
import { reconstruct } from '../../../server/src/analysis/reconstruct';
import { analyze } from '../../../server/src/service/document';
import { reconstructSheet } from '../../../server/src/service/reconstruct';
import { formatMessage } from '../../../server/src/rules/messages';
import { runBoard } from '../../../server/src/cli/commands/board';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { runReconstruct } from '../../../server/src/cli/commands/reconstruct';
import type { BoardCells } from '../../../server/src/engine/types';
import { captureIo } from '../report/helpers';
import { corpusFiles, defaultLexicon, sampleFiles, samplePath, tempDir } from '../../support/fixtures';
import { generateGame } from '../../support/generator';
import { stripToScores } from '../../support/strip-scores';
import { loadLeavesOrBuiltin } from '../../../server/src/analysis/leave-files';
import { playGame, toGcg } from '../../../server/src/training/selfplay';
import { chooserFor } from '../../../server/src/training/strategies';
import { playInNotation } from '../../../server/src/syntax/tiles';

const lexicon = defaultLexicon();

const sameBoard = (a: BoardCells, b: BoardCells): boolean =>
  a.every((c, i) => (c === null ? b[i] === null : b[i] !== null && b[i].letter === c.letter && b[i].blank === c.blank));

describe('analysis: CGP positions', function () {
  this.timeout(120000);

  it('gives back every position of every corpus record and sample (record → CGP → the same position)', () => {
    let positions = 0;
    for (const file of [...corpusFiles(), ...sampleFiles()]) {
      const r = analyze(fs.readFileSync(file), { lexicon }).replay;
      for (let n = 0; n <= r.turns.length; n++) {
        const cgp = cgpAfter(r, n);
        const text = writeCgp(cgp);
        const back = readCgp(text);
        assert.ok('cgp' in back, `${path.basename(file)} after ${n}: ${text} → ${JSON.stringify('error' in back ? back.error : '')}`);
        assert.ok(sameBoard(back.cgp.board, cgp.board), `${path.basename(file)} after ${n}: board`);
        assert.deepEqual(back.cgp.racks, cgp.racks);
        assert.deepEqual(back.cgp.scores, cgp.scores);
        assert.equal(back.cgp.zeros, cgp.zeros);
        assert.equal(back.cgp.tileSet, r.tileSet);
        const before = n > 0 ? r.turns[n - 1].board : null;
        if (before) assert.ok(sameBoard(back.cgp.board, before));
        positions++;
      }
    }
    assert.ok(positions > 300, `${positions} positions`);
  });

  it('writes the Spanish digraphs in brackets, a blank one in lower case, and the tile set as Macondo does', () => {
    const r = analyze(fs.readFileSync(samplePath('partida-completa.gcg')), { lexicon }).replay;
    const text = writeCgp(cgpAfter(r, 6));
    assert.match(text, /ZABO\[RR\]A/);
    assert.match(text, /\[ch\]/);
    assert.match(text, / A\[CH\]DEEHM\/ 102\/183 0 ld spanish;$/);
  });

  it('refuses hostile CGP strings with one message each, never an exception', () => {
    const empty = Array(15).fill('15').join('/');
    const hostile = [
      '',
      'x',
      '15/15 A/ 0/0 0',
      `${empty} A/B 1/2`,
      `${empty} AB 0/0 0`,
      `${empty} A/ x/0 0`,
      `${empty} A/ 0/0 -1`,
      `${empty.replace(/^15/, '16')} A/ 0/0 0`,
      `${empty.replace(/^15/, '0')} A/ 0/0 0`,
      `${empty.replace(/^15/, '7[CH8')} A/ 0/0 0`,
      `${empty.replace(/^15/, '7W7')} A/ 0/0 0 ld spanish;`,
      `${empty.replace(/^15/, 'ZZ13')} A/ 0/0 0 ld spanish;`,
      `${empty} AAAAAAAA/ 0/0 0`,
      `${empty} a/ 0/0 0`,
      `${empty} A/ 0/0 0 ld klingon;`,
      `${empty.replace(/^15/, '\u202e14')} A/ 0/0 0`,
      'A'.repeat(5000),
    ];
    for (const text of hostile) {
      const r = readCgp(text);
      assert.ok('error' in r, `accepted: ${text}`);
      for (const lang of ['es', 'en'] as const) {
        const m = formatMessage(
          r.error.messageId,
          { ...r.error.args, detail: r.error.detail ? formatMessage(r.error.detail.messageId, r.error.detail.args, lang) : '' },
          lang,
        );
        assert.ok(m.length > 10 && !m.includes(r.error.messageId) && !m.includes('{'), `${text}: ${m}`);
      }
    }
    assert.ok('error' in positionFromCgp((readCgp(`${empty} /AB 0/0 0`) as { cgp: never }).cgp));
  });

  it('board --cgp prints the position; moves --cgp answers as moves --line on the same position', async () => {
    const b = captureIo('en');
    assert.equal(await runBoard([samplePath('partida-completa.gcg'), '--turn', '6', '--cgp'], b.io), 0);
    const cgp = b.out.join('\n').trim();
    assert.match(cgp, /ld spanish;$/);
    const fromCgp = captureIo('en');
    assert.equal(await runMoves(['--cgp', cgp, '--top', '5', '--json'], fromCgp.io), 0, fromCgp.err.join('\n'));
    const fromLine = captureIo('en');
    assert.equal(await runMoves([samplePath('partida-completa.gcg'), '--line', '16', '--top', '5', '--json'], fromLine.io), 0);
    const a = JSON.parse(fromCgp.out.join('\n')) as { moves: unknown[]; position: { board: string[]; rack: string } };
    const l = JSON.parse(fromLine.out.join('\n')) as { moves: unknown[]; position: { board: string[]; rack: string } };
    assert.deepEqual(a.position.board, l.position.board);
    assert.equal(a.position.rack, l.position.rack);
    assert.deepEqual(a.moves, l.moves);
    // --sim simulates the CGP position as it does the record's turn (it was ignored)
    const simArgs = ['--sim', '--iterations', '12', '--threads', '1', '--top', '3', '--json'];
    const simCgp = captureIo('en');
    assert.equal(await runMoves(['--cgp', cgp, ...simArgs], simCgp.io), 0, simCgp.err.join('\n'));
    const simLine = captureIo('en');
    assert.equal(await runMoves([samplePath('partida-completa.gcg'), '--line', '16', ...simArgs], simLine.io), 0);
    const sc = JSON.parse(simCgp.out.join('\n')) as { sim?: unknown; moves: unknown[] };
    const sl = JSON.parse(simLine.out.join('\n')) as { sim?: unknown; moves: unknown[] };
    assert.ok(sc.sim, 'the CGP position is simulated');
    // The same candidates, simulated (listed by simulated equity); the figures differ: the record's line deals the opponent the
    // tiles its sheet shows on that rack (what it kept), which a CGP carries only for a whole rack.
    const statics = (moves: unknown[]): string[] =>
      moves.map((m) => JSON.stringify({ ...(m as Record<string, unknown>), sim: undefined })).sort();
    assert.deepEqual(statics(sc.moves), statics(sl.moves));
    assert.ok(sc.moves.every((m) => (m as { sim?: { iterations: number } }).sim?.iterations === 12));
    const bad = captureIo('en');
    assert.equal(await runMoves(['--cgp', '15/15 A/ 0/0 0'], bad.io), 2);
    assert.equal(bad.err.length, 1);
    assert.match(bad.err[0], /15 rows/);
  });

  it('moves --cgp prints the rows moves --line prints, under a heading of its rack and bag', async () => {
    const b = captureIo('es');
    assert.equal(await runBoard([samplePath('partida-completa.gcg'), '--turn', '6', '--cgp'], b.io), 0);
    const cgp = b.out.join('\n').trim();
    const fromCgp = captureIo('es');
    assert.equal(await runMoves(['--cgp', cgp, '--top', '4', '--count'], fromCgp.io), 0, fromCgp.err.join('\n'));
    const fromLine = captureIo('es');
    assert.equal(await runMoves([samplePath('partida-completa.gcg'), '--line', '16', '--top', '4', '--count'], fromLine.io), 0);
    assert.match(fromCgp.out[0], /^Jugadas con \S+ \(bolsa: \d+\):$/);
    assert.match(fromLine.out[0], /, línea 16: /);
    assert.equal(fromCgp.out.length, 5);
    assert.deepEqual(fromCgp.out.slice(1), fromLine.out.slice(1));
    const simArgs = ['--sim', '--iterations', '8', '--threads', '1', '--top', '2'];
    const sim = captureIo('es');
    assert.equal(await runMoves(['--cgp', cgp, ...simArgs], sim.io), 0, sim.err.join('\n'));
    assert.match(sim.out[0], /^Posición CGP: atril \S+, bolsa \d+; simulación a 2 jugadas, semilla \d+$/);
  });
});

/** Applies LSP edits (non-overlapping) to a text, as the editor does. */
function applyLineEdits(
  text: string,
  edits: readonly { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[],
): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const off = (p: { line: number; character: number }): number => starts[p.line] + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => off(b.range.start) - off(a.range.start)))
    out = out.slice(0, off(e.range.start)) + e.newText + out.slice(off(e.range.end));
  return out;
}

/** The reconstruction of a stripped record, with what is needed to judge it. */
function rebuild(text: string | Uint8Array, timeLimitMs = 60000) {
  const s = stripToScores(text, { lexicon });
  const sheet = analyze(s.text, { lexicon, tileSet: s.tileSet });
  const r = reconstructSheet(sheet, s.board, { lexicon, lang: 'en', timeLimitMs });
  return { s, r };
}

describe('analysis: reconstruct', function () {
  this.timeout(300000);

  it('rebuilds a small hand-made game whole: every play decided, the sheet replays with no error', () => {
    const game = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto'];
    // Scores from the engine: write the plays, replay, then copy the computed scores in.
    const plays = [
      ['Ana', '8H', 'CASA'],
      ['Beto', 'H8', '.OSAS'],
      ['Ana', '11H', '.LA'],
    ];
    let text = game.join('\n');
    const totals = [0, 0];
    for (const [nick, coord, play] of plays) {
      const trial = `${text}\n>${nick}: ${coord} ${play} +0 0`;
      const turn = analyze(trial, { lexicon }).replay.turns.at(-1)!;
      const p = nick === 'Ana' ? 0 : 1;
      totals[p] += turn.computedScore;
      text = `${text}\n>${nick}: ${coord} ${play} +${turn.computedScore} ${totals[p]}`;
    }
    text += '\n';
    const original = analyze(text, { lexicon });
    assert.deepEqual(
      original.findings.filter((f) => f.severity === 'error').map((f) => f.messageId),
      [],
    );
    const { s, r } = rebuild(text);
    assert.deepEqual(
      r.lines.map((l) => l.status),
      ['decided', 'decided', 'decided'],
    );
    for (const l of r.lines) assert.equal(l.play!.squares.join(','), s.placed.get(l.line - 1)!.join(','));
    const back = analyze(r.text, { lexicon });
    assert.deepEqual(
      back.findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => f.messageId),
      [],
    );
    assert.ok(sameBoard(back.replay.turns.at(-1)!.board, s.board));
    assert.deepEqual(back.replay.final, s.final);
    assert.match(r.text, />Ana: 8H CASA \+\d+ \d+/);
  });

  it('on generated games, every unique answer is the play of the game, and the sheet then replays to the same board and totals', () => {
    let decided = 0;
    for (const seed of [3, 8, 21]) {
      const g = generateGame({ seed, notation: seed % 2 ? 'plain' : 'brackets', lexicon });
      const { s, r } = rebuild(g.text);
      assert.ok(r.search.complete, `seed ${seed}: search complete`);
      assert.equal(r.stopLine, undefined, `seed ${seed}: ${r.stopReason}`);
      // Put the original's play on the open turns: the whole record must then replay cleanly.
      const lines = r.text.split('\n');
      const origLines = g.text.split('\n');
      for (const l of r.lines) {
        const placed = s.placed.get(l.line - 1);
        if (l.status === 'decided') {
          decided++;
          assert.equal(l.play!.squares.join(','), placed!.join(','), `seed ${seed} line ${l.line}: ${l.play!.coord} ${l.play!.play}`);
          // The words listed start with the whole main word: the board's tiles and the new ones.
          const p = l.play!;
          const step = p.direction === 'across' ? 1 : 15;
          const tokens = p.play.match(/\[[^\]]+\]|./g)!;
          const first = p.squares[0] - tokens.findIndex((t) => t !== '.') * step;
          const main = tokens.map((_, i) => s.board[first + i * step]!.letter).join('');
          assert.equal(p.words[0], main, `seed ${seed} line ${l.line}: ${p.coord} ${p.play} words ${p.words.join(' ')}`);
        } else if (l.status === 'ambiguous') {
          assert.ok(
            l.candidates!.some((c) => c.squares.join(',') === placed!.join(',')),
            `seed ${seed} line ${l.line}: the game's play is among the candidates`,
          );
        }
      }
      const withNotes = lines.filter((x) => !x.startsWith('#note Reconstruc'));
      let k = 0;
      const rebuilt = withNotes.map((x) => {
        const i = k++;
        return /^>[^:]+: [+-]\d+ -?\d+$/.test(x) && !/^>[^:]+: \+0 /.test(x) ? origLines[i] : x;
      });
      const back = analyze(rebuilt.join('\n'), { lexicon });
      assert.deepEqual(
        back.findings.filter((f) => f.severity === 'error').map((f) => `${f.span.start.line + 1}: ${f.messageId}`),
        [],
        `seed ${seed}`,
      );
      assert.ok(sameBoard(back.replay.turns.at(-1)!.board, s.board), `seed ${seed}: board`);
      assert.deepEqual(back.replay.final, s.final);
    }
    assert.ok(decided > 30, `${decided} decided`);
  });

  it('tracks the racks: two plays of one score do not swap when one player could not have held the tiles of the other', () => {
    // Seed 25: +9 twice, two tiles at line 27 and one at line 34, the bag empty by then; in the
    // other order the second player empties the rack with plays still to come (37.4).
    const g = generateGame({ seed: 25, notation: 'plain', lexicon });
    const { s, r } = rebuild(g.text);
    const open = r.lines.filter((l) => l.status !== 'decided' && l.status !== 'zero').map((l) => l.line);
    assert.deepEqual(open, []);
    for (const l of r.lines) if (l.status === 'decided') assert.equal(l.play!.squares.join(','), s.placed.get(l.line - 1)!.join(','));
  });

  it('writes the racks the end of the game makes certain, the true ones, and no other; the editor edits write the same', () => {
    let written = 0;
    // Seeds ending by a player going out and one ending by scoreless turns (seed 17: the racks
    // left come from the end lines `RACK (RACK) -N`).
    for (const seed of [3, 8, 17, 21, 25]) {
      const g = generateGame({ seed, notation: seed % 2 ? 'plain' : 'brackets', lexicon });
      const original = analyze(g.text, { lexicon });
      const { s, r } = rebuild(g.text);
      const sheet = analyze(s.text, { lexicon, tileSet: s.tileSet });
      const byLine = new Map(r.lines.map((l) => [l.line - 1, l]));
      // The condition, worked out from the original game: the bag empty before the turn, and every
      // turn of that player from it on decided (or scoreless); or a decided play of all seven tiles.
      const events = original.parsed.file.events;
      const turnLines = events.map((e, i) => ({ e, i })).filter(({ e }) => byLine.has(e.line));
      turnLines.forEach(({ e, i }, k) => {
        const l = byLine.get(e.line)!;
        const t = original.replay.turns[i];
        const bagEmpty = i > 0 && original.replay.turns[i - 1].bag === 0;
        const laterOwn = turnLines.slice(k).filter((x) => original.replay.turns[x.i].player === t.player);
        const certain =
          l.status === 'decided' &&
          ((bagEmpty && laterOwn.every((x) => ['decided', 'zero'].includes(byLine.get(x.e.line)!.status))) || t.placed.length === 7);
        const truth = t.rackBefore!.tiles.slice().sort().join(',');
        if (certain) {
          assert.ok(l.rack, `seed ${seed} line ${l.line}: a certain rack is written`);
          assert.equal(l.rack.slice().sort().join(','), truth, `seed ${seed} line ${l.line}: the true rack`);
          written++;
        } else assert.equal(l.rack, undefined, `seed ${seed} line ${l.line}: no rack where it is not certain`);
      });
      // Written in the text, read back the same, and the replay finds nothing the answer without racks does not.
      // (without the added notes, the lines are the sheet's)
      const back = analyze(
        r.text
          .split('\n')
          .filter((x) => !x.startsWith('#note Reconstruc'))
          .join('\n'),
        { lexicon },
      );
      back.parsed.file.events.forEach((e, i) => {
        const l = byLine.get(e.line);
        if (l?.rack) assert.deepEqual(back.replay.turns[i].rackBefore?.tiles.slice().sort(), l.rack.slice().sort());
        else if (l) assert.equal(e.rack, undefined, `seed ${seed} line ${l.line}`);
      });
      const bare = r.text.replace(/^(>[^:]+:) \S+ (?=(\d+[A-O]|[A-O]\d+) )/gm, '$1 ');
      const loud = (text: string): string[] =>
        analyze(text, { lexicon })
          .findings.filter((f) => f.severity === 'error' || f.severity === 'warning')
          .map((f) => `${f.span.start.line + 1}: ${f.messageId}`);
      assert.deepEqual(loud(r.text), loud(bare), `seed ${seed}`);
      if (g.end === 'out' && r.lines.every((l) => l.status === 'decided' || l.status === 'zero'))
        assert.deepEqual(loud(r.text), [], `seed ${seed}: the whole answer replays with no finding`);
      // The editor's path: the edits, applied to the sheet, give the same text.
      assert.equal(applyLineEdits(sheet.parsed.file.text, r.edits), r.text, `seed ${seed}: edits`);
    }
    assert.ok(written >= 15, `${written} racks written`);
  });

  it("writes a certain rack with a digraph and the plays in the sheet's own notation (plain: `ch`, `CHA..RREO`), and the answer replays with no error", () => {
    // Self-play seed 34 (equity against greedy, as bench:reconstruct plays it): a score-only
    // sheet is plain notation, and the answer keeps it (NOTATION.md, `#tile-notation`): a rack
    // writes its digraph tiles in lower case (`AchELORrr`), a play in capitals, no bracket.
    const leaves = loadLeavesOrBuiltin(undefined).leaves;
    const choosers = [chooserFor('equity', { lexicon, leaves }), chooserFor('greedy', { lexicon, leaves })] as const;
    const g = toGcg(playGame(34, choosers, { nicks: ['ana', 'beto'] }));
    const { s, r } = rebuild(g);
    const withDigraph = r.lines.filter((l) => l.rack?.some((f) => f.length > 1));
    assert.ok(withDigraph.length > 0, 'a rack with a digraph is written');
    const answer = r.text.split('\n');
    assert.equal(analyze(s.text, { lexicon, tileSet: s.tileSet }).parsed.file.notation, 'plain');
    assert.ok(!r.text.includes('['), 'no bracket written into a plain sheet');
    for (const l of withDigraph) {
      const play = playInNotation(l.play!.play, 'plain');
      const written = answer.find((x) => x.startsWith(`>${l.nick}: `) && x.includes(` ${l.play!.coord} ${play} `));
      assert.match(written ?? '', /^>[^:]+: \S*(ch|ll|rr)\S* /, `line ${l.line}: ${written}`);
    }
    const back = analyze(r.text, { lexicon, tileSet: s.tileSet });
    assert.equal(back.parsed.file.notation, 'plain');
    assert.deepEqual([...back.replay.result], [...analyze(s.text, { lexicon, tileSet: s.tileSet }).replay.result]);
    assert.deepEqual(
      back.findings.filter((f) => f.severity === 'error').map((f) => `${f.span.start.line + 1}: ${f.messageId}`),
      [],
    );
  });

  it('writes a certain rack on a placement line of the sheet that lacks one', () => {
    const g = generateGame({ seed: 3, notation: 'plain', lexicon });
    const s = stripToScores(g.text, { lexicon });
    const gLines = g.text.split('\n');
    const sLines = s.text.split('\n');
    // The last placement line of the game, kept as a placement without its rack.
    const last = [...s.placed.keys()].sort((a, b) => b - a)[0];
    const rack = /^>[^:]+: (\S+) /.exec(gLines[last])![1];
    sLines[last] = gLines[last].replace(` ${rack} `, ' ');
    const sheet = analyze(sLines.join('\n'), { lexicon, tileSet: s.tileSet });
    const r = reconstructSheet(sheet, s.board, { lexicon, lang: 'en' });
    assert.equal(r.text.split('\n')[last], gLines[last]);
  });

  it('on the real corpus, no unique answer is wrong', () => {
    for (const file of corpusFiles()) {
      const { s, r } = rebuild(fs.readFileSync(file));
      for (const l of r.lines)
        if (l.status === 'decided')
          assert.equal(l.play!.squares.join(','), s.placed.get(l.line - 1)?.join(','), `${path.basename(file)} line ${l.line}`);
    }
  });

  it('says where a sheet and a board stop fitting, and when the tile counts cannot agree', () => {
    const g = generateGame({ seed: 5, lexicon });
    const s = stripToScores(g.text, { lexicon });
    const lines = s.text.split('\n');
    const scored = lines.map((x, i) => ({ x, i })).filter(({ x }) => /^>[^:]+: \+[1-9]\d* \d+$/.test(x));
    const target = scored[4];
    lines[target.i] = target.x.replace(/\+(\d+)/, (_, n: string) => `+${Number(n) + 1000}`);
    const r = reconstructSheet(analyze(lines.join('\n'), { lexicon }), s.board, { lexicon, lang: 'en' });
    assert.equal(r.stopLine, target.i + 1, r.stopReason);
    assert.match(r.stopReason!, /stop fitting at line/);
    assert.equal(r.lines.find((l) => l.line === target.i + 1)?.status, 'impossible');
    // One scoring turn for a board of many tiles.
    const few = reconstruct(s.board, [{ player: 0, kind: 'play', score: 10 }], { tileSet: 'spanish' });
    assert.equal(few.mismatch?.kind, 'too-many-tiles');
  });

  it('stops at its time limit with what is settled, and can be cancelled', () => {
    const g = generateGame({ seed: 9, lexicon });
    const s = stripToScores(g.text, { lexicon });
    const turns = analyze(s.text, { lexicon })
      .parsed.file.events.filter((e) => e.kind === 'score-only')
      .map((e) => ({ player: 0, kind: 'play' as const, score: e.score!.value }));
    const cancelled = reconstruct(s.board, turns, { tileSet: 'spanish', cancelled: () => true, timeLimitMs: 60000 });
    // The first poll comes after a few nodes: a short search may end before it.
    if (!cancelled.complete) assert.ok(cancelled.cancelled);
    const timed = reconstruct(s.board, turns, { tileSet: 'spanish', timeLimitMs: -1 });
    if (!timed.complete) {
      assert.ok(timed.timedOut);
      assert.ok(timed.turns.every((t) => t.status === 'decided' || t.status === 'unknown'));
    }
  });

  it('planilla reconstruct: the completed sheet on stdout, JSON per turn, a board as 15 rows, one line for bad input', async () => {
    const dir = tempDir('reconstruct');
    const g = generateGame({ seed: 3, lexicon });
    const s = stripToScores(g.text, { lexicon });
    const sheet = path.join(dir, 'sheet.gcg');
    fs.writeFileSync(sheet, s.text);
    const rows: string[] = [];
    for (let row = 0; row < 15; row++) {
      let line = '';
      for (let col = 0; col < 15; col++) {
        const c = s.board[row * 15 + col];
        const face = c ? (c.blank ? c.letter.toLowerCase() : c.letter) : '.';
        line += face.length > 1 ? `[${face}]` : face;
      }
      rows.push(line);
    }
    const boardFile = path.join(dir, 'final.txt');
    fs.writeFileSync(boardFile, `${rows.join('\n')}\n`);
    const out = captureIo('en');
    const code = await runReconstruct([sheet, '--board', boardFile], out.io);
    assert.ok(code === 0 || code === 1, out.err.join('\n'));
    assert.match(out.out.join('\n'), />[^:]+: \d+[A-O] \S+ \+\d+ \d+|>[^:]+: [A-O]\d+ \S+ \+\d+ \d+/);
    assert.match(out.err.at(-1)!, /plays decided/);
    const cgpFile = path.join(dir, 'final.cgp');
    fs.writeFileSync(cgpFile, `${writeCgp({ board: s.board, racks: [[], []], scores: [0, 0], zeros: 0, tileSet: 'spanish' })}\n`);
    const json = captureIo('en');
    await runReconstruct([sheet, '--board', cgpFile, '--json'], json.io);
    const answer = JSON.parse(json.out.join('\n')) as { turns: { status: string; line: number }[] };
    assert.ok(answer.turns.length > 10);
    assert.ok(answer.turns.every((t) => ['decided', 'ambiguous', 'zero'].includes(t.status)));
    assert.ok('board' in readBoardText(fs.readFileSync(boardFile, 'utf8'), 'spanish'));
    for (const args of [
      [sheet],
      [sheet, '--board', path.join(dir, 'missing.cgp')],
      [sheet, '--board', '15/15 / 0/0 0'],
      [sheet, '--board', boardFile, '--time', 'x'],
    ]) {
      const bad = captureIo('en');
      assert.equal(await runReconstruct(args, bad.io), 2, args.join(' '));
      assert.equal(bad.err.length, 1, bad.err.join('\n'));
    }
  });
});
