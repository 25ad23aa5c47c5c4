/**
 * The SVG board (report/svg.ts): well formed, self-contained (no script, link, style sheet, id or
 * external reference), the rulebook's colours on the right squares, the star on an empty H8,
 * tiles with values, blanks marked, a digraph as one tile, the last move highlighted, and every
 * text from the record escaped.
 */
import { strict as assert } from 'node:assert';
import { analyze } from '../../../server/src/service/document';
import { boardModel } from '../../../server/src/service/board-model';
import { BOARD_COLOURS, renderBoardSvg, wrapCaption } from '../../../server/src/report/svg';
import { markupProblems, workedExample } from './helpers';

const HOSTILE = '<img src=x onerror=alert(1)>';

/** Fill colours of the 225 square backgrounds (the first rect of each square, 40×40). */
function squareFills(svg: string): string[] {
  return [...svg.matchAll(/<rect x="\d+" y="\d+" width="40" height="40" fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
}

function tileRects(svg: string): string[] {
  return [...svg.matchAll(/<rect [^>]*width="36" height="36"[^>]*\/>/g)].map((m) => m[0]);
}

describe('report/svg', () => {
  it('an empty board: the premium colours of the rulebook, the star on H8', () => {
    const svg = renderBoardSvg(boardModel(analyze(workedExample(1)).replay, -1), 'es', { standalone: true });
    assert.deepEqual(markupProblems(svg, 'xml'), []);
    const fills = squareFills(svg);
    assert.equal(fills.length, 225);
    const count = (colour: string): number => fills.filter((f) => f === colour).length;
    assert.deepEqual(
      [count(BOARD_COLOURS.TW), count(BOARD_COLOURS.DW), count(BOARD_COLOURS.TL), count(BOARD_COLOURS.DL), count(BOARD_COLOURS.square)],
      [8, 17, 12, 24, 225 - 61],
    );
    assert.equal((svg.match(/<polygon /g) ?? []).length, 1, 'one star');
    assert.equal(tileRects(svg).length, 0);
    assert.equal((svg.match(/>3P</g) ?? []).length, 8);
    assert.equal((svg.match(/>2P</g) ?? []).length, 16, 'the 17th double word is the star');
  });

  it('labels premiums in English as TW/DW/TL/DL', () => {
    const svg = renderBoardSvg(boardModel(analyze(workedExample(1)).replay, -1), 'en');
    assert.equal((svg.match(/>TW</g) ?? []).length, 8);
    assert.equal((svg.match(/>DL</g) ?? []).length, 24);
  });

  it('tiles with values, a digraph as one tile, the last move highlighted (example 2)', () => {
    const svg = renderBoardSvg(boardModel(analyze(workedExample(2)).replay, 1), 'es');
    const tiles = tileRects(svg);
    assert.equal(tiles.length, 7);
    assert.equal(tiles.filter((r) => r.includes(`fill="${BOARD_COLOURS.lastMove}"`)).length, 3);
    assert.equal((svg.match(/>CH</g) ?? []).length, 1, 'CH is one tile');
    assert.ok(/font-size="9" text-anchor="end"[^>]*>5</.test(svg), 'the CH shows its value 5');
    assert.equal((svg.match(/<polygon /g) ?? []).length, 0, 'no star once H8 is covered');
  });

  it('blanks: dashed outline, no value (example 9)', () => {
    const svg = renderBoardSvg(boardModel(analyze(workedExample(9)).replay, 1), 'es');
    const dashed = tileRects(svg).filter((r) => r.includes('stroke-dasharray'));
    assert.equal(dashed.length, 2);
    const values = [...svg.matchAll(/font-size="9" text-anchor="end"[^>]*>(\d+)</g)].length;
    assert.equal(values, tileRects(svg).length - 2, 'every tile but the blanks shows a value');
  });

  it('escapes the title and the caption, and refers to nothing outside', () => {
    const model = boardModel(analyze(workedExample(1)).replay, 0);
    for (const standalone of [true, false]) {
      const svg = renderBoardSvg(model, 'es', { standalone, title: HOSTILE, caption: [HOSTILE, 'A & B "c"'] });
      assert.deepEqual(markupProblems(svg, 'xml'), []);
      assert.ok(!svg.includes('<img'));
      assert.ok(svg.includes('&lt;img src=x onerror=alert(1)&gt;'));
      assert.ok(svg.includes('A &amp; B &quot;c&quot;'));
      const withoutNamespace = svg.replace(' xmlns="http://www.w3.org/2000/svg"', '');
      assert.doesNotMatch(withoutNamespace, /https?:|\/\/|url\(|href|<script|<style|<image|<foreignObject| id=/i);
      assert.equal(svg.startsWith('<?xml'), standalone);
    }
  });

  it('wraps long caption lines under the board', () => {
    const pieces = wrapCaption('x'.repeat(50) + ' ' + 'y'.repeat(50), 84);
    assert.deepEqual(pieces, ['x'.repeat(50), `  ${'y'.repeat(50)}`]);
    assert.deepEqual(wrapCaption('short'), ['short']);
  });
});
