/**
 * The text board (report/text-board.ts) and the lines around it (report/labels.ts): a 15×15 grid of
 * four-character cells with coordinates, premium marks, blanks in lower case, a digraph tile as
 * one cell, the last move in parentheses; racks, totals (and the sheet's when they differ), bag,
 * unseen tiles and the end of the game, in Spanish and English.
 */
import { strict as assert } from 'node:assert';
import { analyze } from '../../../server/src/service/document';
import { boardModel } from '../../../server/src/service/board-model';
import { cellText, renderGrid, renderTextBoard } from '../../../server/src/report/text-board';
import { boardFooter, boardHeading, rackText, unseenTiles } from '../../../server/src/report/labels';
import { workedExample } from '../report/helpers';

const COLUMNS = 'ABCDEFGHIJKLMNO';

/** The 15 cells of grid row `row` (1-based), trimmed. */
function cells(grid: readonly string[], row: number): string[] {
  const line = grid[row];
  const out: string[] = [];
  for (let c = 0; c < 15; c++) out.push(line.slice(3 + c * 4, 3 + (c + 1) * 4).trim());
  return out;
}

function cellAt(grid: readonly string[], name: string): string {
  const col = COLUMNS.indexOf(name[0]);
  return cells(grid, Number(name.slice(1)))[col];
}

describe('board/text-board', () => {
  it('draws the empty board: coordinates, premium marks and the centre star', () => {
    const grid = renderGrid(boardModel(analyze(workedExample(1)).replay, -1));
    assert.equal(grid.length, 16);
    assert.deepEqual(cells(grid, 0), [...COLUMNS]);
    assert.ok(
      grid.every((line) => line.length === grid[0].length),
      'every row has the same width',
    );
    const table: [string, string][] = [
      ['A1', '='],
      ['H1', '='],
      ['B2', '-'],
      ['F2', '"'],
      ['D1', "'"],
      ['H8', '*'],
      ['G8', '.'],
      ['O15', '='],
    ];
    for (const [name, mark] of table) assert.equal(cellAt(grid, name), mark, name);
    for (let row = 1; row <= 15; row++) assert.equal(grid[row].slice(0, 3).trim(), String(row));
  });

  const TILE_CASES: { title: string; section: number | string; turn: number; expect: [string, string][] }[] = [
    {
      title: 'example 1: LIBRO just placed, in parentheses; an old square keeps its mark',
      section: 1,
      turn: 0,
      expect: [
        ['D8', '(L)'],
        ['H8', '(O)'],
        ['I8', '.'],
        ['A8', '='],
      ],
    },
    {
      title: 'example 2: the CH tile is one cell, the old N has no parentheses',
      section: 2,
      turn: 1,
      expect: [
        ['J10', '(CH)'],
        ['J8', 'N'],
        ['J9', '(O)'],
      ],
    },
    {
      title: 'example 3: a blank LL in lower case',
      section: 3,
      turn: 0,
      expect: [
        ['D8', '(ll)'],
        ['E8', '(A)'],
      ],
    },
    {
      title: 'example 9: blanks p and r among real tiles',
      section: 9,
      turn: 1,
      expect: [
        ['K6', '(p)'],
        ['K11', '(r)'],
        ['K8', 'N'],
      ],
    },
  ];
  for (const c of TILE_CASES) {
    it(c.title, () => {
      const grid = renderGrid(boardModel(analyze(workedExample(c.section)).replay, c.turn));
      for (const [name, text] of c.expect) assert.equal(cellAt(grid, name), text, name);
      assert.ok(grid.every((line) => line.length === grid[0].length));
    });
  }

  it('cellText: an occupied premium square shows its tile, not its mark', () => {
    const model = boardModel(analyze(workedExample(1)).replay, 0);
    const h8 = model.squares[7 * 15 + 7];
    assert.equal(cellText(h8), '(O)');
    assert.equal(cellText({ ...h8, lastMove: false }), 'O');
  });

  it('Appendix A after the going-out play, in Spanish: heading, words, racks, totals, bag, unseen, end', () => {
    const model = boardModel(analyze(workedExample('Appendix A')).replay, 24);
    const text = renderTextBoard(model, 'es');
    assert.ok(text.startsWith('Tablero tras la jugada 25 de 27 (línea 30: >Ana: CEETU 15E CUE.TE +8 347)'));
    const lines = text.split('\n');
    for (const expected of [
      'Palabras: CUENTE 8',
      'Atril de Ana: (vacío)',
      'Atril de Beto: C CH Ñ T ?',
      'Totales: Ana 347 · Beto 339',
      'Bolsa: 0 fichas',
      'Fichas que Ana no ve (5): ? T C CH Ñ',
      'Partida terminada: un jugador se quedó sin fichas con la bolsa vacía (art. 37.4)',
    ]) {
      assert.ok(lines.includes(expected), `missing line: ${expected}\n${text}`);
    }
    assert.ok(lines.some((l) => l.startsWith('Leyenda:')));
  });

  it('in English, with the sheet totals beside the true ones when they differ, and a partial rack', () => {
    const text = workedExample('Appendix A').replace('>Ana: ENNQUX? 9H aX +37 57', '>Ana: ENNQUX? 9H aX +36 56');
    const model = boardModel(analyze(text).replay, 2);
    const footer = boardFooter(model, 'en');
    assert.deepEqual(footer.slice(0, 4), [
      'Words: AX 16 · FA 4 · AX 17',
      "Ana's rack: E N N Q U (partial)",
      "Beto's rack: H O O (partial)",
      'Totals: Ana 57 · Beto 38 (according to the record: Ana 56 · Beto 38)',
    ]);
    assert.equal(boardHeading(model, 'en'), 'Board after event 3 of 27 (line 8: >Ana: ENNQUX? 9H aX +36 56)');
  });

  it('the initial board: every tile unseen, racks unknown', () => {
    const model = boardModel(analyze(workedExample(1)).replay, -1);
    assert.equal(boardHeading(model, 'en'), 'Initial board (no events)');
    assert.equal(rackText(model.players[0].rack, 'en'), '(unknown)');
    assert.ok(unseenTiles(model.unseen).startsWith('?×2 A×12 E×12 O×9'));
    assert.ok(boardFooter(model, 'es').includes('Bolsa: 86 fichas'));
  });

  it('the bingo bonus is named with the words', () => {
    const model = boardModel(analyze(workedExample(8)).replay, 0);
    assert.equal(boardFooter(model, 'es')[0], 'Palabras: CHULETAS 32 +50 por colocar las siete fichas');
  });
});
