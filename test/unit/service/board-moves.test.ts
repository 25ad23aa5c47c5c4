/**
 * The board view's best moves: the list of the turn under the cursor
 * (service/coach.ts `boardCoachModel`, drawn by report/board-body.ts `renderBoardMoves`), the
 * preview of each move over the board (`previewTiles`, svg.ts `renderPreviewGroup`) and the
 * section the body keeps for them. The previews are checked against the engine: each previewed
 * move, written as a record line and replayed, places exactly the tiles previewed (digraph tiles
 * and blanks included).
 */
import { strict as assert } from 'node:assert';
import { BLANK_BIT, NEW_BIT, codeOf } from '../../../server/src/analysis/movegen-codes';
import { moveLeave, movePlay, movePosition, moveWord, type Move } from '../../../server/src/analysis';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { boardModel } from '../../../server/src/service/board-model';
import { BOARD_FETCH, BOARD_TOP, CoachCache, boardCoachModel, coachTurn, previewTiles } from '../../../server/src/service/coach';
import { boardViewAt, renderBoardMoves } from '../../../server/src/report/board-body';
import { markupProblems } from '../report/helpers';
import { EXAMPLE_6, HEADER, analyzeRecord, lineOf } from './fixtures';

/** A record whose first move is Ana's from `rack` (a digraph tile and a blank on it). */
function firstMove(rack: string, line: string): string {
  return [...HEADER, `>Ana: ${rack} ${line}`, ''].join('\n');
}

const squaresOf = (html: string, index: number): string[] => {
  const group = new RegExp(`<g class="preview" data-move="${index}">([\\s\\S]*?)</g>`).exec(html);
  assert.ok(group, `preview ${index} is drawn`);
  return [...group[1].matchAll(/<rect class="preview-tile" x="(\d+)" y="(\d+)"/g)].map((m) => `${m[1]},${m[2]}`);
};

const lexicon = loadDefaultLexicon();

describe('board view: the best moves of the turn under the cursor', () => {
  it('keeps a section under the racks and a preview layer on the board only with the analysis on', () => {
    const replay = analyzeRecord(EXAMPLE_6).replay;
    const line = lineOf(EXAMPLE_6, '>Beto:');
    const on = boardViewAt(replay, line, 'es', { coach: true });
    assert.equal(on.coach, true);
    assert.match(on.html, /<section class="coach" data-state="pending"><h2>Mejores jugadas de este turno<\/h2>/);
    assert.match(on.html, /<g class="previews"><\/g>\n<\/svg>/);
    // Under the racks, the bag and the unseen tiles (which keep their place in view), before the key hint.
    assert.ok(on.html.indexOf('class="player player-2') < on.html.indexOf('class="coach"'), 'the list comes under the racks');
    assert.ok(on.html.indexOf('class="unseen"') < on.html.indexOf('class="coach"'));
    assert.ok(on.html.indexOf('class="coach"') < on.html.indexOf('class="keys"'));
    const off = boardViewAt(replay, line, 'es');
    assert.equal(off.coach, undefined);
    assert.doesNotMatch(off.html, /class="coach"|class="previews"/);
    assert.deepEqual(markupProblems(on.html, 'html'), []);
  });

  it('lists the best ten with coordinate, word, score, leave and equity, and marks or adds the move played', () => {
    const analysis = analyzeRecord(EXAMPLE_6);
    const line = lineOf(EXAMPLE_6, '>Beto:');
    const cache = new CoachCache();
    const model = boardCoachModel(analysis, line, lexicon, cache, 'es');
    assert.equal(model.turnIndex, 1);
    assert.equal(model.reason, undefined);
    assert.equal(model.rows.length, BOARD_TOP);
    const turn = coachTurn(analysis, 1, lexicon, cache, 'es', undefined, BOARD_FETCH);
    assert.ok(turn && 'turn' in turn);
    // No blank on the rack: nothing folds, the rows are the best ten as the generator ranks them.
    assert.deepEqual(
      model.rows.map((r) => `${r.rank} ${r.kind} ${r.position} ${r.word} ${r.score} ${r.leave} ${r.equity}`),
      turn.turn
        .best!.slice(0, BOARD_TOP)
        .map((m, i) => `${i + 1} ${m.kind} ${movePosition(m)} ${moveWord(m)} ${m.score} ${moveLeave(m)} ${m.equity}`),
    );
    // The same cache entry answers again (cached per position).
    assert.equal(cache.size, 1);
    boardCoachModel(analysis, line, lexicon, cache, 'es');
    assert.equal(cache.size, 1);
    const played = model.rows.filter((r) => r.played);
    if (model.playedBelow) {
      assert.equal(played.length, 0);
      assert.equal(model.playedBelow.rank, model.playedRank);
      assert.ok(model.playedBelow.rank > BOARD_TOP);
      assert.equal(model.playedBelow.name, '7G IDEA +13');
    } else {
      assert.equal(played.length, 1);
      assert.equal(played[0].name, '7G IDEA +13');
    }
    const out = renderBoardMoves(model, boardModel(analysis.replay, model.turnIndex), 'es');
    const rows = [
      ...out.html.matchAll(/<div class="move[^"]*" role="listitem" data-move="(\d+)"[^>]*tabindex="0"[^>]*>([\s\S]*?)<\/div>/g),
    ];
    assert.equal(rows.length, out.count);
    assert.equal(out.count, BOARD_TOP + (model.playedBelow ? 1 : 0));
    const first = model.rows[0];
    // Cells hold inner spans (a word's letters, a blank's letter): cut the row at each cell's start.
    const cells = rows[0][2]
      .split(/(?=<span class="(?:rank|where|word|score|leave|equity)"[ >])/)
      .filter((c) => c !== '')
      .map((c) => c.replace(/<[^>]+>/g, ''));
    assert.deepEqual(cells, [
      first.played ? '1 ◀' : '1',
      first.position,
      first.word,
      `+${first.score}`,
      first.leave === '' ? '—' : first.leave,
      String(Math.round(first.equity * 10) / 10).replace('.', ','),
    ]);
    assert.match(
      out.html,
      /<div class="move-head" aria-hidden="true"><span class="rank">#<\/span><span class="where">jugada<\/span><span class="word">palabra<\/span><span class="score">puntos<\/span><span class="leave">deja<\/span><span class="equity">equidad<\/span><\/div>/,
    );
    assert.match(out.html, /<p class="played-line">La jugada hecha es la (mejor|\d+\.ª)/);
    assert.deepEqual(markupProblems(`<div>${out.html}</div>`, 'html'), []);
    assert.doesNotMatch(out.html + out.previews, /<script|style=|javascript:|href=/i);
    // One preview per row, numbered as the rows; IDEA's squares are drawn empty under each.
    assert.equal([...out.previews.matchAll(/<g class="preview" data-move="\d+">/g)].length, out.count);
    const english = renderBoardMoves(boardCoachModel(analysis, line, lexicon, cache, 'en'), boardModel(analysis.replay, 1), 'en');
    assert.match(
      english.html,
      /Best moves of this turn[\s\S]*>move<\/span><span class="word">word<\/span><span class="score">score<\/span><span class="leave">leave<\/span><span class="equity">equity</,
    );
    assert.match(english.html, /The move played (is the best|ranks \d+)/);
  });

  it('previews exactly the tiles each move puts down: the engine replays them on the same squares', () => {
    // A first move with a digraph tile and a blank on the rack: the best ten use both.
    const rack = '[CH]AO?ELS';
    const text = firstMove(rack, '8H [CH]E +0 0');
    const analysis = analyzeRecord(text);
    const turn = coachTurn(analysis, 0, lexicon, new CoachCache(), 'es', undefined, BOARD_TOP);
    assert.ok(turn && 'turn' in turn);
    const best = turn.turn.best!.filter((m) => m.kind === 'play');
    assert.ok(best.length >= 5);
    let digraphs = 0;
    let blanks = 0;
    for (const m of best) {
      const preview = previewTiles(m);
      assert.equal(preview.length, m.used);
      const record = firstMove(rack, `${movePosition(m)} ${movePlay(m)} +${m.score} ${m.score}`);
      const replayed = analyzeRecord(record).replay.turns[0];
      assert.equal(replayed.illegal, undefined, record);
      assert.equal(replayed.computedScore, m.score, record);
      assert.deepEqual(
        preview.map((t) => [t.row, t.col, t.letter, t.blank]),
        replayed.placed.map((t) => [t.row, t.col, t.letter, t.blank]),
        record,
      );
      for (const t of preview) {
        if (t.letter.length > 1) digraphs++;
        if (t.blank) {
          blanks++;
          assert.equal(t.value, 0, 'a blank is worth nothing (art. 10.2)');
        }
      }
    }
    assert.ok(digraphs > 0 && blanks > 0, `digraph tiles (${digraphs}) and blanks (${blanks}) previewed`);
  });

  it('previews a digraph as one tile and a blank standing for one, with its letter, no value, dashed', () => {
    // 8D [ch]A.[LL]: a blank standing for CH on D8, A on E8, F8 already on the board, LL on G8.
    const move: Move = {
      kind: 'play',
      direction: 'across',
      row: 7,
      col: 3,
      squares: [codeOf('CH') | BLANK_BIT | NEW_BIT, codeOf('A') | NEW_BIT, codeOf('O'), codeOf('LL') | NEW_BIT],
      score: 0,
      equity: 0,
      leave: [],
      used: 3,
    };
    assert.deepEqual(previewTiles(move), [
      { row: 7, col: 3, name: 'D8', letter: 'CH', blank: true, value: 0 },
      { row: 7, col: 4, name: 'E8', letter: 'A', blank: false, value: 1 },
      { row: 7, col: 6, name: 'G8', letter: 'LL', blank: false, value: 8 },
    ]);
    const down: Move = { ...move, direction: 'down', row: 3, col: 7 };
    assert.deepEqual(
      previewTiles(down).map((t) => t.name),
      ['H4', 'H5', 'H7'],
    );
    const exchange: Move = { ...move, kind: 'exchange', squares: [codeOf('A')], used: 1 };
    assert.deepEqual(previewTiles(exchange), []);
    // Drawn: three preview tiles at D8, E8, G8 (CELL 40, MARGIN 26), the blank dashed, no value on it.
    const board = boardModel(analyzeRecord(EXAMPLE_6).replay, 0);
    const out = renderBoardMoves(
      {
        turnIndex: 0,
        rows: [
          {
            rank: 1,
            kind: 'play',
            position: '8D',
            word: '[ch]AO[LL]',
            name: '8D [ch]AO[LL] +0',
            score: 0,
            leave: '',
            equity: 0,
            played: false,
            preview: previewTiles(move),
            variants: [],
            notOfficial: [],
          },
        ],
        legal: true,
        playedRank: 2,
        equityLost: 1.25,
      },
      board,
      'es',
    );
    assert.deepEqual(squaresOf(out.previews, 0), ['148,308', '188,308', '268,308']);
    assert.match(out.previews, /stroke-dasharray="5 2"\/><text [^>]*font-style="italic">CH<\/text><rect class="preview-tile"/);
    assert.match(out.previews, />LL<\/text><text [^>]*>8<\/text><\/g>$/);
    // LIBRO's squares (the move shown on the board) are drawn empty first, premiums and star included.
    const group = out.previews.slice(0, out.previews.indexOf('<rect class="preview-tile"'));
    assert.equal((group.match(/<rect x=/g) ?? []).length, 5);
    assert.match(group, /<polygon points=/);
    assert.match(out.html, /La jugada hecha es la 2\.ª \(◀\): pierde 1,3 de equidad\./);
  });

  it('says why instead of guessing: before the first move, an unknown or partial rack, an event that is no move, no word list', () => {
    const cache = new CoachCache();
    const analysis = analyzeRecord(EXAMPLE_6);
    const start = boardCoachModel(analysis, 0, lexicon, cache, 'en');
    assert.equal(start.turnIndex, -1);
    assert.equal(start.reason, 'Put the cursor on a move to see the best ones of that turn.');
    const partialText = [...HEADER, '#incomplete', '>Ana: ABI 8D LIBRO +16 16', '>Beto: 7G IDEA +13 13', ''].join('\n');
    const partial = analyzeRecord(partialText);
    const p = boardCoachModel(partial, lineOf(partialText, '>Ana:'), lexicon, cache, 'es');
    assert.equal(p.reason, 'la planilla da solo parte del atril');
    const out = renderBoardMoves(p, boardModel(partial.replay, p.turnIndex), 'es');
    assert.equal(out.count, 0);
    assert.equal(out.previews, '');
    assert.match(out.html, /<p class="coach-status reason">la planilla da solo parte del atril<\/p>/);
    const u = boardCoachModel(partial, lineOf(partialText, '>Beto:'), lexicon, cache, 'es');
    assert.equal(u.reason, 'la planilla no da el atril');
    const ended = analyzeRecord(
      [...HEADER, '>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ADEIMNT - +0 0', '>Ana: (ADEIMNT) +26 42', ''].join('\n'),
    );
    const end = boardCoachModel(ended, 8, lexicon, cache, 'es');
    assert.equal(end.turnIndex, 2);
    assert.equal(end.reason, 'Este evento no es una jugada: no hay jugadas con que compararlo.');
    const noList = boardCoachModel(analysis, lineOf(EXAMPLE_6, '>Ana:'), undefined, cache, 'en');
    assert.equal(noList.reason, 'moves are not listed without a word list');
    assert.equal(cache.size, 0, 'nothing is computed for them');
  });
});
