/**
 * The coach's lists (service/coach-lists.ts): a word's blank variants folded into one row, the
 * words a move makes, the list in use, and the words the official list would not accept when an
 * extra list is set; then how the board view and the hover show them.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bestMoves, moveWord, movePosition, positionBefore, positionFromJson, type Position } from '../../../server/src/analysis';
import { loadLexicon } from '../../../server/src/lexicon/load';
import {
  blankLetters,
  groupBlankVariants,
  listInUse,
  moveWords,
  notOfficialWords,
  officialCheck,
  variantKey,
} from '../../../server/src/service/coach-lists';
import { CoachCache, boardCoachModel, coachHoverParts, coachTurn, HOVER_FETCH } from '../../../server/src/service/coach';
import { boardModel } from '../../../server/src/service/board-model';
import { renderBoardMoves, wordHtml, wordTitle } from '../../../server/src/report/board-body';
import { defaultLexicon, tempDir } from '../../support/fixtures';
import { EXAMPLE_6, HEADER, analyzeRecord, lineOf } from './fixtures';

const lexicon = defaultLexicon();
const EMPTY = Array.from({ length: 15 }, () => '.'.repeat(15));

function position(rack: string, board: readonly string[] = EMPTY): Position {
  const got = positionFromJson({ board, rack, bag: 86, scores: [0, 0] });
  assert.ok('position' in got, JSON.stringify(got));
  return got.position;
}

describe('service: coach lists (blank variants, the list in use, words outside the official list)', () => {
  it('groups items by key in order, never folding a kept item into an earlier one', () => {
    const items = ['a1', 'b1', 'a2', 'c', 'a3', 'b2'];
    const key = (s: string): string | undefined => (s === 'c' ? undefined : s[0]);
    assert.deepEqual(
      groupBlankVariants(items, key).map((g) => [g.head, ...g.variants]),
      [['a1', 'a2', 'a3'], ['b1', 'b2'], ['c']],
    );
    // 'a2' is the move played: it keeps its own row (and gathers the variants after it, never 'a1').
    assert.deepEqual(
      groupBlankVariants(items, key, (s) => s === 'a2').map((g) => [g.head, ...g.variants]),
      [['a1', 'a3'], ['b1', 'b2'], ['a2'], ['c']],
    );
    assert.deepEqual(groupBlankVariants([], key), []);
  });

  it('folds a rack with a blank: one row per word and place, the best letter first, none lost', () => {
    const moves = bestMoves(position('AEIRST?'), 60, { lexicon });
    const groups = groupBlankVariants(moves, variantKey);
    assert.ok(groups.length < moves.length, 'some moves differ only in the blank');
    assert.equal(
      groups.reduce((n, g) => n + 1 + g.variants.length, 0),
      moves.length,
    );
    const keys = groups.map((g) => variantKey(g.head)).filter((k) => k !== undefined);
    assert.equal(new Set(keys).size, keys.length, 'no two rows share a word and a place');
    for (const g of groups) {
      for (const v of g.variants) {
        assert.equal(variantKey(v), variantKey(g.head));
        assert.equal(movePosition(v), movePosition(g.head));
        assert.ok(moves.indexOf(v) > moves.indexOf(g.head), 'the head is the best of its row');
        assert.notEqual(moveWord(v), moveWord(g.head));
      }
    }
    const folded = groups.find((g) => g.variants.length > 0)!;
    assert.match(blankLetters(folded.head), /^[A-ZÑ]+$/);
    // A move without a blank, an exchange or the pass never folds.
    const plain = bestMoves(position('AEIOSTR'), 40, { lexicon });
    assert.ok(plain.every((m) => variantKey(m) === undefined));
  });

  it("lists a move's words: the main word, then each cross word, as the list takes them", () => {
    const analysis = analyzeRecord(EXAMPLE_6);
    const got = positionBefore(analysis.replay, 1);
    assert.ok('position' in got);
    const moves = bestMoves(got.position, 200, { lexicon });
    let crossing = 0;
    for (const m of moves) {
      const words = moveWords(got.position, m);
      if (m.kind !== 'play') {
        assert.deepEqual(words, []);
        continue;
      }
      assert.equal(words[0], moveWord(m).replace(/[[\]]/g, '').toLowerCase());
      for (const w of words) assert.ok(lexicon.has(w), `${movePosition(m)} ${moveWord(m)}: ${w} is a word`);
      if (words.length > 1) crossing++;
    }
    assert.ok(crossing > 0, 'some of the moves make cross words');
  });

  it('flags the words only the extra list accepts, names the lists, and says nothing without an extra list', () => {
    const word = 'ostiare';
    assert.equal(lexicon.has(word), false, 'the built-in list refuses the test word');
    const dir = tempDir('coach-lists');
    const extra = path.join(dir, 'extra.txt');
    fs.writeFileSync(extra, `${word.toUpperCase()}\n`);
    const loaded = loadLexicon(undefined, { extra });
    assert.ok(loaded.ok);
    const overlay = loaded.lexicon;
    const official = officialCheck(overlay);
    assert.ok(official);
    assert.equal(official.accepts(word), false);
    assert.equal(official.accepts('casa'), true);
    assert.equal(officialCheck(lexicon), undefined);
    assert.equal(listInUse(lexicon).builtin, true);
    assert.equal(listInUse(lexicon).officialName, undefined);
    const list = listInUse(overlay);
    assert.match(list.name, /\+ extra\.txt$/);
    assert.equal(list.officialName, lexicon.info.name);

    const pos = position('AEIOSTR');
    const moves = bestMoves(pos, 10, { lexicon: overlay });
    const bingo = moves.find((m) => moveWord(m) === word.toUpperCase());
    assert.ok(bingo, 'the extra word is among the best');
    assert.deepEqual(notOfficialWords(pos, bingo, official), ['OSTIARE']);
    assert.deepEqual(notOfficialWords(pos, bingo, undefined), []);
    for (const m of moves) if (m !== bingo) assert.deepEqual(notOfficialWords(pos, m, official), [], moveWord(m));

    // The board view and the hover of a turn with that rack: the mark, its legend, the lists named.
    const text = [...HEADER, '>Ana: AEIOSTR 8D ARIOSTE +0 0', ''].join('\n');
    const analysis = analyzeRecord(text, { lexicon: overlay });
    const line = lineOf(text, '>Ana:');
    for (const lang of ['es', 'en'] as const) {
      const model = boardCoachModel(analysis, line, overlay, new CoachCache(), lang);
      const row = model.rows.find((r) => r.word === 'OSTIARE');
      assert.ok(row);
      assert.deepEqual(row.notOfficial, ['OSTIARE']);
      const out = renderBoardMoves(model, boardModel(analysis.replay, model.turnIndex), lang);
      assert.match(out.html, /<span class="not-official" title="[^"]*OSTIARE">✱<\/span>/);
      assert.match(out.html, lang === 'es' ? /✱ no está en la lista oficial \(es-open/ : /✱ not in the official list \(es-open/);
      assert.match(
        out.html,
        lang === 'es' ? /Lista: es-open[^<]*\+ extra\.txt \(oficial: / : /List: es-open[^<]*\+ extra\.txt \(official: /,
      );
      const answer = coachTurn(analysis, 0, overlay, new CoachCache(), lang, undefined, HOVER_FETCH);
      assert.ok(answer && 'turn' in answer);
      const hover = coachHoverParts(answer.turn, lang, overlay);
      assert.match(hover.table, /OSTIARE ✱/);
      assert.match(hover.table, lang === 'es' ? /✱ no está en la lista oficial/ : /✱ not in the official list/);
      assert.doesNotMatch(hover.summary, /\n/, 'the summary is one line');
    }
    // Without the extra list: no mark, no legend, the built-in list named as such.
    const plain = analyzeRecord(text);
    const model = boardCoachModel(plain, line, lexicon, new CoachCache(), 'en');
    assert.ok(model.rows.every((r) => r.notOfficial.length === 0));
    const out = renderBoardMoves(model, boardModel(plain.replay, model.turnIndex), 'en');
    assert.doesNotMatch(out.html, /✱/);
    assert.match(out.html, /List: es-open[^<]* \(the built-in open list, not the official one\)/);
  });

  it('draws a blank as the capital it stands for, in its own style, never a lower-case letter', () => {
    assert.equal(wordHtml('ESPOlEO', 'es'), 'ESPO<span class="blank-letter" title="comodín como L">L</span>EO');
    assert.equal(wordHtml('[ch]A[LL]', 'en'), '<span class="blank-letter" title="blank as CH">CH</span>ALL');
    assert.equal(wordTitle('ESPOlEO'), 'ESPO(L)EO');
    assert.equal(wordTitle('E?'), 'E?');
  });

  it('shows "+N variantes" once per word and place on the board view, the letters in its title', () => {
    const text = [...HEADER, '>Ana: AEIRST? 8D ARIETES +0 0', ''].join('\n');
    const analysis = analyzeRecord(text);
    const model = boardCoachModel(analysis, lineOf(text, '>Ana:'), lexicon, new CoachCache(), 'es');
    assert.ok(model.rows.length > 0);
    const keys = model.rows.map((r) => `${r.position}|${r.word.replace(/\[[a-zñ]+\]|[a-zñ]/g, '?')}`);
    assert.equal(new Set(keys).size, keys.length, 'each word and place once');
    const folded = model.rows.find((r) => r.variants.length > 0);
    assert.ok(folded, 'a row gathers variants');
    const out = renderBoardMoves(model, boardModel(analysis.replay, model.turnIndex), 'es');
    const n = folded.variants.length;
    assert.ok(out.html.includes(`>+${n} ${n === 1 ? 'variante' : 'variantes'}</span>`));
    assert.ok(out.html.includes(`con otra letra para el comodín: ${folded.variants.join(', ')}"`));
    assert.doesNotMatch(out.html, /<span class="letters">[^<]*[a-zñ]/, 'no lower-case letter among the words');
  });
});
