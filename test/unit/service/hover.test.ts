/**
 * Hovers, by cursor marker: the computed score beside the sheet's first, then the main word square
 * by square (a table on its side) and the cross words (example 6: IDEA 7, IR 3, DO 3 = 13, the old
 * H8 premium not counted), then the article and explanation of a finding under the cursor, then the
 * true totals after the move; the squares of a coordinate; unseen tiles; pragmas; notes.
 */
import { strict as assert } from 'node:assert';
import type { MarkupContent } from 'vscode-languageserver-types';
import { getHover, md, NOTE_HOVER_CAP } from '../../../server/src/service/hover';
import { EXAMPLE_6, GAME_A, HEADER, analyzeRecord, cursor, settings } from './fixtures';

function hoverAt(marked: string, lang: 'es' | 'en' = 'es'): string {
  const { text, position } = cursor(marked);
  const hover = getHover(analyzeRecord(text), position, lang, settings());
  assert.ok(hover, 'a hover is returned');
  return (hover.contents as MarkupContent).value;
}

describe('service: hover', () => {
  it('works out a move square by square, with cross words on one line and an old premium', () => {
    const value = hoverAt(EXAMPLE_6.replace('7G IDEA', '7G ID|EA'), 'en');
    assert.match(value, /^\*\*2\. Beto\*\* — 7G IDEA: \*\*\+13\*\*, as on the sheet\n/);
    assert.match(value, /\| square \| G7 \| H7 \| I7 \| J7 \| {2}\|/);
    assert.match(value, /\| tile \| I \| D \| E \| A \| {2}\|/);
    assert.match(value, /\| value \| 1 \| 2 \| 1 \| 1 \|/);
    assert.match(value, /\| premium \| DL \| {2}\| DL \| {2}\|/);
    assert.match(value, /\| points \| 2 \| 2 \| 2 \| 1 \| IDEA = \*\*7\*\* \|/);
    assert.match(value, /\*\*IR\*\* \(cross word\): I 2 \(DL\) \+ \(R\) 1 = \*\*3\*\*/);
    // O on H8 was laid by the first move: its double word is not counted again.
    assert.match(value, /\*\*DO\*\* \(cross word\): D 2 \+ \(O\) 1 = \*\*3\*\*/);
    assert.match(value, /\(O\) 1 = \*\*3\*\* {2}\nTrue totals after the move: Ana \*\*16\*\* · Beto \*\*13\*\*$/);
  });

  it('lays the table on its side: five rows whatever the length of the word', () => {
    const value = hoverAt(
      [...HEADER, '#incomplete', '>Ana: AELNOPS 8H PLAN +12 12', '>Beto: AISTU?? K6 pI.TU|rAS +62 62', ''].join('\n'),
      'en',
    );
    const rows = value.split('\n').filter((line) => line.startsWith('|'));
    assert.equal(rows.length, 6); // the squares, the alignment row, tile, value, premium, points
    assert.ok(
      rows.every((row) => row.split('|').length === 12),
      rows.join('\n'),
    ); // a label, eight squares, the sum
  });

  it('shows the word multiplier, and the bingo bonus only for seven tiles (example 8)', () => {
    const value = hoverAt(GAME_A.replace('>Ana: EEGLNOP H8 ..LOPEEN', '>Ana: EEGLNOP H8 ..LOP|EEN'), 'es');
    assert.match(value, /FALOPEEN = 15 × 3 = \*\*45\*\*/);
    assert.doesNotMatch(value, /Premio por usar las 7 fichas/);
    const bingo = hoverAt([...HEADER, '#incomplete', '>Ana: [CH]AELSTU 8D [CH]ULE|TAS +82 82', ''].join('\n'), 'es');
    assert.match(bingo, /\| casilla \| D8 \| E8 \|/);
    assert.match(bingo, /\| ficha \| CH \| U \|/);
    assert.match(bingo, /\| valor \| 5 \| 1 \|/);
    assert.match(bingo, /\| premio \| DL \| {2}\|/);
    assert.match(bingo, /\| puntos \| 10 \| 1 \|/);
    assert.match(bingo, /CHULETAS = 16 × 2 = \*\*32\*\*/);
    assert.match(bingo, /Premio por usar las 7 fichas: \*\*\+50\*\*/);
    assert.match(bingo, /^\*\*1\. Ana\*\* — 8D \\\[CH\\\]ULETAS: \*\*\+82\*\*, como en la planilla/);
  });

  it('marks blanks, which score 0 (example 9)', () => {
    const value = hoverAt(
      [...HEADER, '#incomplete', '>Ana: AELNOPS 8H PLAN +12 12', '>Beto: AISTU?? K6 pI.TU|rAS +62 62', ''].join('\n'),
      'en',
    );
    assert.match(value, /\| square \| K6 \| K7 \| K8 \| K9 \| K10 \| K11 \| K12 \| K13 \|/);
    assert.match(value, /\| tile \| p \| I \| \(N\) \| T \| U \| r \| A \| S \|/);
    assert.match(value, /\| value \| 0 \| 1 \| 1 \| 1 \| 1 \| 0 \| 1 \| 1 \|/);
    assert.match(value, /\| premium \| {2}\| {2}\| {2}\| {2}\| {2}\| DW \| {2}\| {2}\|/);
    assert.match(value, /PINTURAS = 6 × 2 = \*\*12\*\*/);
  });

  it("on a wrong score: first the computed score beside the sheet's and the table, then the article and explanation, then the totals", () => {
    const value = hoverAt(EXAMPLE_6.replace('LIBRO +16 16', 'LIBRO +1|8 18'), 'es');
    assert.match(value, /^\*\*1\. Ana\*\* — 8D LIBRO: calculada \*\*\+16\*\* · la planilla dice \+18 ⚠\n\n\| casilla \| D8 \|/);
    const order = [
      'calculada **+16**',
      '| casilla | D8',
      'LIBRO = 8 × 2 = **16**',
      '**score-mismatch**',
      '**art. 12–19**',
      'La puntuación anotada',
      'Totales reales tras la jugada',
    ];
    const at = order.map((piece) => value.indexOf(piece));
    assert.ok(
      at.every((i) => i >= 0),
      JSON.stringify(at),
    );
    assert.deepEqual(
      [...at].sort((a, b) => a - b),
      at,
      value,
    );
    assert.match(value, /Totales reales tras la jugada: Ana \*\*16\*\* · Beto \*\*0\*\*/);
    assert.match(value, /En la planilla: Ana 18 · Beto —/);
    const en = hoverAt(EXAMPLE_6.replace('LIBRO +16 16', 'LIBRO +1|8 18'), 'en');
    assert.match(en, /^\*\*1\. Ana\*\* — 8D LIBRO: computed \*\*\+16\*\* · the sheet says \+18 ⚠/);
  });

  it('explains the finding under the cursor with its article and title in the edition in force', () => {
    const es = hoverAt(EXAMPLE_6.replace('LIBRO +16 16', 'LIBRO +1|8 18'), 'es');
    assert.match(es, /\*\*score-mismatch\*\* — puntuación declarada 18, calculada 16/);
    assert.match(es, /\*\*art\. 12–19\*\* — .*Valor numérico de las letras.* · _Reglamento FISE vigente_/);
    const older = hoverAt(EXAMPLE_6.replace('#lexicon FILE2017', '#rules fise-2004').replace('LIBRO +16 16', 'LIBRO +1|8 18'), 'en');
    assert.match(older, /\*\*art\. 12–19\*\*/);
    assert.match(older, /2004/);
    // Away from a move (a pragma), the finding comes first.
    const pragma = hoverAt(EXAMPLE_6.replace('#incomplete', '#rules fise-19|99'), 'en');
    assert.match(pragma, /^\*\*syntax-error\*\*/);
  });

  it('keeps an ordinary move short: at most a dozen lines', () => {
    const value = hoverAt(EXAMPLE_6.replace('7G IDEA', '7G ID|EA'), 'es');
    assert.ok(value.split('\n').filter((line) => line.trim() !== '' && line !== '---').length <= 12, value);
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
    assert.match(value, /The set has 6 × S, worth 1 point\./);
    assert.match(
      value,
      /Tiles unseen by Ana \(93\), by letter: \?×2 A×11 E×12 O×8 I×5 S×5 N×5 R×4 U×5 L×3 T×4 D×5 G×2 C×4 B M×2 P×2 H×2 F V Y CH Q J LL Ñ RR X Z$/m,
    );
    const blank = hoverAt(GAME_A.replace('>Ana: ENNQUX?', '>Ana: ENNQUX|?'), 'es');
    assert.match(blank, /^\*\*comodín\*\*: quedan \*\*\d\*\*/);
  });

  it('says what a pragma does', () => {
    assert.match(
      hoverAt(EXAMPLE_6.replace('#tile-notation', '#tile-no|tation'), 'en'),
      /^\*\*#tile-notation\*\* — How CH, LL and RR are written/,
    );
    assert.match(hoverAt(EXAMPLE_6.replace('#player2 Beto', '#play|er2 Beto'), 'es'), /Apodo \*\*Beto\*\*, nombre Alberto Ruiz/);
  });

  it('renders a note as Markdown, continuation lines included', () => {
    const text = EXAMPLE_6.replace('+16 16\n', '+16 16\n#note A **strong** opening\nwith a se|cond line\n');
    assert.equal(hoverAt(text), 'A **strong** opening\nwith a second line');
  });

  it('a note cannot make a link, an image, a command link or HTML, and a long note is capped', () => {
    const hostile =
      '![x](https://evil.example/p.png) [clic](command:workbench.action.quit) <img src=x onerror=1> <https://a.example> &amp;';
    const shown = hoverAt(EXAMPLE_6.replace('+16 16\n', `+16 16\n#note Mi|ra ${hostile} *bien*\n`));
    assert.doesNotMatch(shown, /[[\]<>]/);
    assert.ok(shown.includes('*bien*'));
    assert.ok(shown.includes('&#91;clic&#93;(command:workbench.action.quit)'));
    const long = hoverAt(EXAMPLE_6.replace('+16 16\n', `+16 16\n#note La|rga ${'palabra '.repeat(5000)}\n`));
    assert.equal(long.length, NOTE_HOVER_CAP + 1);
    assert.ok(long.endsWith('…'));
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
