/**
 * An illegal play and the record's result in the views: the board view shows the record's headline (the result,
 * or a provisional score for an unfinished game, with the sheet's numbers beside it when they
 * differ); an illegal play is marked on the board (its squares at fault framed in red) and said to
 * be illegal in the view and in every hover on its line; nothing calls it "coincide con la planilla".
 * A `#lexicon NAME` with no list set up gets one information diagnostic and a quick fix.
 */
import { strict as assert } from 'node:assert';
import type { MarkupContent } from 'vscode-languageserver-types';
import { boardModel } from '../../../server/src/service/board-model';
import { getCodeActions } from '../../../server/src/service/actions';
import { getDiagnostics } from '../../../server/src/service/diagnostics';
import { getHover } from '../../../server/src/service/hover';
import { renderBoardViewBody } from '../../../server/src/report/board-body';
import { GAME_A, GAME_A_GCG_ENDING, HEADER, analyzeRecord, settings } from './fixtures';

const LIBRO = '>Ana: ABILORS 8D LIBRO +16 16';
/** A gap: the `.` on H3 stands on an empty square (the sheet's 14 is carried). */
const GAP = [...HEADER, LIBRO, '>Beto: ACEMNPT H3 .CAMP. +14 14', ''].join('\n');
const GAP_LINE = HEADER.length + 1;

function hoverAt(text: string, line: number, character: number, lang: 'es' | 'en' = 'es'): string {
  const h = getHover(analyzeRecord(text), { line, character }, lang, settings());
  return h ? (h.contents as MarkupContent).value : '';
}

describe('service: illegal plays and the headline in the views', () => {
  it('the board view marks the squares at fault and says the play is illegal, never that it matches the sheet', () => {
    const a = analyzeRecord(GAP);
    const model = boardModel(a.replay, 1);
    assert.deepEqual(model.event?.illegal, { code: 'placement-gap', squares: ['H3'] });
    assert.deepEqual(
      model.squares.filter((s) => s.illegal).map((s) => s.name),
      ['H3'],
    );
    for (const lang of ['es', 'en'] as const) {
      const html = renderBoardViewBody(model, lang);
      assert.match(
        html,
        lang === 'es'
          ? /Jugada ilegal: queda una casilla vacía entre sus fichas\. La planilla anota \+14\./
          : /Illegal play: an empty square is left between its tiles\. The sheet writes \+14\./,
      );
      assert.match(html, /class="illegal"/);
      assert.ok(!html.includes('coincide con la planilla') && !html.includes('matches the sheet'), html);
    }
    // The legal move before it is not marked.
    const before = boardModel(a.replay, 0);
    assert.equal(before.event?.illegal, undefined);
    assert.ok(before.squares.every((s) => !s.illegal));
    assert.match(renderBoardViewBody(before, 'es'), /coincide con la planilla/);
  });

  it('a hover anywhere on an illegal play says so', () => {
    const line = GAP.split('\n')[GAP_LINE];
    for (const col of [1, line.indexOf('ACEMNPT') + 2, line.indexOf('H3') + 1, line.indexOf('.CAMP.') + 3, line.indexOf('+14') + 1]) {
      const text = hoverAt(GAP, GAP_LINE, col);
      assert.match(text, /[Jj]ugada ilegal/, `column ${col}: ${text}`);
      assert.ok(!text.includes('como en la planilla'), `column ${col}: ${text}`);
    }
    assert.match(hoverAt(GAP, GAP_LINE, 1, 'en'), /illegal play/i);
    assert.ok(!/[Jj]ugada ilegal/.test(hoverAt(GAP, GAP_LINE - 1, 1)));
  });

  it('the board view shows the result, and the sheet’s numbers beside it when they differ', () => {
    const done = renderBoardViewBody(boardModel(analyzeRecord(GAME_A).replay, 3), 'es');
    assert.match(done, /<p class="headline">Resultado final: Ana 364 – Beto 322<\/p>/);
    const gcg = renderBoardViewBody(boardModel(analyzeRecord(GAME_A_GCG_ENDING).replay, 3), 'es');
    assert.match(gcg, /<p class="headline">Resultado final: Ana 364 – Beto 322 \(la planilla: 381–339\)<\/p>/);
    const open = renderBoardViewBody(boardModel(analyzeRecord(GAP).replay, 1), 'es');
    assert.match(open, /<p class="headline">marcador provisional \(partida sin terminar\): Ana 16 – Beto 14<\/p>/);
    assert.ok(!open.includes('Resultado final'));
  });
});

describe('service: a named word list that is not set up', () => {
  const NAMED = [...HEADER, LIBRO, ''].join('\n'); // the header says #lexicon FILE2017
  const line = HEADER.findIndex((l) => l.startsWith('#lexicon'));

  it('one information diagnostic on the name, and a quick fix that asks for the file', () => {
    const a = analyzeRecord(NAMED);
    const diags = getDiagnostics(a, 'file:///g.gcg', 'es', settings()).filter((d) => d.code === 'lexicon-not-configured');
    assert.equal(diags.length, 1);
    assert.equal(diags[0].severity, 3);
    assert.equal(diags[0].range.start.line, line);
    assert.match(String(diags[0].message), /«FILE2017»/);
    const actions = getCodeActions(a, 'file:///g.gcg', diags[0].range, diags, 'es', settings());
    const choose = actions.find((x) => x.command?.command === 'planilla.chooseLexicon');
    assert.ok(choose, JSON.stringify(actions));
    assert.deepEqual(choose.command?.arguments, ['FILE2017', 'file:///g.gcg']);
    assert.equal(choose.title, 'Elegir el archivo de la lista «FILE2017»…');
  });

  it('nothing when the name has a list, when a list is set for every record, or with no #lexicon', () => {
    const count = (text: string, raw: unknown): number =>
      getDiagnostics(analyzeRecord(text), 'file:///g.gcg', 'en', settings(raw)).filter((d) => d.code === 'lexicon-not-configured').length;
    assert.equal(count(NAMED, { lexicons: { FILE2017: '/x/file2017.txt' } }), 0);
    assert.equal(count(NAMED, { lexicon: '/x/oficial.txt' }), 0);
    assert.equal(count(NAMED.replace('#lexicon FILE2017\n', ''), {}), 0);
    assert.equal(count(NAMED, {}), 1);
  });
});
