/**
 * Hovers, by cursor marker: the score worked out word by word (example 6: IDEA 7, IR 3, DO 3 =
 * 13, the old H8 premium not counted), the sheet's score beside it, the true totals; the article
 * and explanation on a diagnostic; the squares of a coordinate; unseen tiles; pragmas; notes.
 */
import { strict as assert } from 'node:assert';
import type { MarkupContent } from 'vscode-languageserver-types';
import { getHover, md } from '../../../server/src/service/hover';
import { EXAMPLE_6, GAME_A, HEADER, analyzeRecord, cursor, settings } from './fixtures';

function hoverAt(marked: string, lang: 'es' | 'en' = 'es'): string {
  const { text, position } = cursor(marked);
  const hover = getHover(analyzeRecord(text), position, lang, settings());
  assert.ok(hover, 'a hover is returned');
  return (hover.contents as MarkupContent).value;
}

describe('service: hover', () => {
  it('works out a move word by word, with cross words and an old premium', () => {
    const value = hoverAt(EXAMPLE_6.replace('7G IDEA', '7G ID|EA'), 'en');
    assert.match(value, /\*\*2\. Beto\*\* — 7G IDEA/);
    assert.match(value, /\*\*IDEA\*\* \(main word\)/);
    assert.match(value, /\| G7 \| I \| 1 \| double letter ×2 \| 2 \|/);
    assert.match(value, /IDEA = \*\*7\*\*/);
    assert.match(value, /\*\*IR\*\* \(cross word\)/);
    assert.match(value, /IR = \*\*3\*\*/);
    assert.match(value, /\| H8 \| O \(already on the board\) \| 1 \| ~~double word ×2~~ \(already used\) \| 1 \|/);
    assert.match(value, /Score: \*\*\+13\*\* \(matches the sheet\)/);
    assert.match(value, /True totals: Ana \*\*16\*\* · Beto \*\*13\*\*/);
  });

  it('shows the word multiplier, and the bingo bonus only for seven tiles (example 8)', () => {
    const value = hoverAt(GAME_A.replace('>Ana: EEGLNOP H8 ..LOPEEN', '>Ana: EEGLNOP H8 ..LOP|EEN'), 'es');
    assert.match(value, /FALOPEEN = 15 × 3 = \*\*45\*\*/);
    assert.doesNotMatch(value, /Premio por usar las 7 fichas/);
    const bingo = hoverAt([...HEADER, '#incomplete', '>Ana: [CH]AELSTU 8D [CH]ULE|TAS +82 82', ''].join('\n'), 'es');
    assert.match(bingo, /\| D8 \| CH \| 5 \| doble letra ×2 \| 10 \|/);
    assert.match(bingo, /CHULETAS = 16 × 2 = \*\*32\*\*/);
    assert.match(bingo, /Premio por usar las 7 fichas: \*\*\+50\*\*/);
    assert.match(bingo, /Puntuación: \*\*\+82\*\* \(coincide con la planilla\)/);
  });

  it('marks blanks, which score 0 (example 9)', () => {
    const value = hoverAt([...HEADER, '#incomplete', '>Ana: AELNOPS 8H PLAN +12 12', '>Beto: AISTU?? K6 pI.TU|rAS +62 62', ''].join('\n'), 'en');
    assert.match(value, /\| K6 \| p \(blank\) \| 0 \|/);
    assert.match(value, /\| K11 \| r \(blank\) \| 0 \| double word ×2 \| 0 \|/);
    assert.match(value, /PINTURAS = 6 × 2 = \*\*12\*\*/);
  });

  it('sets the computed score beside a wrong declared one, and the sheet totals', () => {
    const value = hoverAt(EXAMPLE_6.replace('LIBRO +16 16', 'LIBRO +1|8 18'), 'es');
    assert.match(value, /Puntuación calculada: \*\*\+16\*\* · la planilla dice \+18 ⚠/);
    assert.match(value, /Totales reales: Ana \*\*16\*\* · Beto \*\*0\*\*/);
    assert.match(value, /En la planilla: Ana 18 · Beto —/);
  });

  it('explains the finding under the cursor with its article and title in the edition in force', () => {
    const es = hoverAt(EXAMPLE_6.replace('LIBRO +16 16', 'LIBRO +1|8 18'), 'es');
    assert.match(es, /^\*\*score-mismatch\*\* — /);
    assert.match(es, /\*\*art\. 12–19\*\* — .*Valor numérico de las letras.* · _Reglamento FISE vigente_/);
    const older = hoverAt(EXAMPLE_6.replace('#lexicon FILE2017', '#rules fise-2004').replace('LIBRO +16 16', 'LIBRO +1|8 18'), 'en');
    assert.match(older, /\*\*art\. 12–19\*\*/);
    assert.match(older, /2004/);
  });

  it('names the squares and direction of a coordinate', () => {
    assert.equal(
      hoverAt(EXAMPLE_6.replace('8D LIBRO', '8|D LIBRO'), 'en'),
      '**8D**: across, row 8\n\nSquares: D8 (double letter ×2), E8, F8, G8, H8 (double word ×2)',
    );
    const down = hoverAt(GAME_A.replace('F6 ZA.RO', 'F|6 ZA.RO'), 'es');
    assert.match(down, /\*\*F6\*\*: vertical, columna F/);
    assert.match(down, /Casillas: F6 \(triple letra ×3\), F7, F8, F9, F10 \(triple letra ×3\)/);
  });

  it('counts the unseen copies of a rack tile', () => {
    const value = hoverAt(EXAMPLE_6.replace('>Ana: ABILORS', '>Ana: ABILOR|S'), 'en');
    assert.match(value, /^\*\*S\*\*: \*\*\d+\*\* still unseen after this turn \(bag: 81 tiles/);
    assert.match(value, /The set has 6 × S, worth 1 points/);
    assert.match(value, /Tiles unseen by Ana \(93\), by letter: \?×2 A×11 E×12 O×8 I×5 S×5 N×5 R×4 U×5 L×3 T×4 D×5 G×2 C×4 B M×2 P×2 H×2 F V Y CH Q J LL Ñ RR X Z$/m);
    const blank = hoverAt(GAME_A.replace('>Ana: ENNQUX?', '>Ana: ENNQUX|?'), 'es');
    assert.match(blank, /^\*\*comodín\*\*: quedan \*\*\d\*\*/);
  });

  it('says what a pragma does', () => {
    assert.match(hoverAt(EXAMPLE_6.replace('#tile-notation', '#tile-no|tation'), 'en'), /^\*\*#tile-notation\*\* — How CH, LL and RR are written/);
    assert.match(hoverAt(EXAMPLE_6.replace('#player2 Beto', '#play|er2 Beto'), 'es'), /Apodo \*\*Beto\*\*, nombre Alberto Ruiz/);
  });

  it('renders a note as Markdown, continuation lines included', () => {
    const text = EXAMPLE_6.replace('+16 16\n', '+16 16\n#note A **strong** opening\nwith a se|cond line\n');
    assert.equal(hoverAt(text), 'A **strong** opening\nwith a second line');
  });

  it('returns null on a blank line and never throws on any position', () => {
    const analysis = analyzeRecord(EXAMPLE_6);
    const lines = EXAMPLE_6.split('\n');
    assert.equal(getHover(analysis, { line: lines.length - 1, character: 0 }, 'es', settings()), null);
    for (let line = 0; line < lines.length + 2; line++) {
      for (let character = 0; character <= (lines[line]?.length ?? 3) + 1; character++) {
        getHover(analysis, { line, character }, 'en', settings());
      }
    }
  });

  it('escapes Markdown in names taken from the record', () => {
    assert.equal(md('a*b_[c]|d'), 'a\\*b\\_\\[c\\]\\|d');
  });
});
