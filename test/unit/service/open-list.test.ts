/**
 * A word judged only by the built-in open list (not an official list): the diagnostic, the lens,
 * the hover, the board's sentence, the deep analysis and the ruling say that the list lacks it and
 * that it is left to be checked in the official list; none of them calls the move illegal. With a
 * user's list the same word is a plain "not in the lexicon" and the move is not legal.
 */
import { strict as assert } from 'node:assert';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { DawgLexicon } from '../../../server/src/lexicon/lexicons';
import type { Lexicon } from '../../../server/src/lexicon/types';
import { boardCoachModel, CoachCache, coachHoverParts, coachLensTitle, coachTurn } from '../../../server/src/service/coach';
import { analyze, type Analysis } from '../../../server/src/service/document';
import { renderFinding } from '../../../server/src/rules/messages';
import { buildRuling, renderRulingHtml, renderRulingMarkdown } from '../../../server/src/report/ruling';
import { deepTarget } from '../../../server/src/service/deep';
import { turnVerdict, verdictHoverMarkdown, verdictLensTitle } from '../../../server/src/service/verdict-view';
import type { DeepSimulate } from '../../../server/src/analysis/deep-game';
import { renderBoardMoves } from '../../../server/src/report/board-body';
import { boardModel } from '../../../server/src/service/board-model';
import { HEADER } from './fixtures';

const open = loadDefaultLexicon();
/** The same words as a user's list: not the built-in one. */
const userList: Lexicon = new DawgLexicon(open.dawg, 'fise.txt', '/lists/fise.txt');

// XIS (valid in the official list) is not in the open list; 8F XIS puts X on F8, I on G8, S on the star.
const RECORD = [...HEADER, '>Ana: HIIOQSX 8F XIS +20 20', ''].join('\n');

function turnOf(a: Analysis, lexicon: Lexicon) {
  const got = coachTurn(a, 0, lexicon, new CoachCache(), 'es');
  assert.ok(got && 'turn' in got, 'XIS was played from a full rack');
  return got.turn;
}

describe('service: a word only the built-in open list lacks', () => {
  // analysed in a hook, not when the file loads
  let withOpen: ReturnType<typeof analyze>;
  let withUser: ReturnType<typeof analyze>;
  before(() => {
    withOpen = analyze(RECORD, { lexicon: open });
    withUser = analyze(RECORD, { lexicon: userList });
  });

  it('the diagnostic says the open list is not the official one; with a user list it stays "not in the lexicon"', () => {
    const f = withOpen.findings.find((x) => x.code === 'unaccepted-word');
    assert.ok(f);
    assert.equal(f.messageId, 'unaccepted-word-open');
    assert.match(renderFinding(f, 'es'), /^XIS no está en la lista abierta incorporada .*que no es la oficial/);
    assert.match(renderFinding(f, 'en'), /^XIS is not in the built-in open list .*which is not the official one/);
    const g = withUser.findings.find((x) => x.code === 'unaccepted-word');
    assert.ok(g);
    assert.equal(g.messageId, 'unaccepted-word');
  });

  it('the lens, the hover and the board name the word and the open list, never "no es legal"', () => {
    const t = turnOf(withOpen, open);
    assert.equal(t.legal, false);
    assert.deepEqual(t.unlisted, ['XIS']);
    const lens = coachLensTitle(t, 'es');
    assert.match(lens, /la jugada hecha forma XIS, que la lista abierta no tiene/);
    assert.doesNotMatch(lens, /no es legal/);
    assert.match(coachLensTitle(t, 'en'), /the move played forms XIS, not in the open list/);
    const hover = coachHoverParts(t, 'es', open);
    assert.match(hover.summary, /XIS no está en la lista abierta \(no es la oficial\)/);
    assert.match(hover.table, /La jugada hecha forma XIS, que no está en la lista abierta incorporada/);
    assert.doesNotMatch(hover.summary + hover.table, /no es legal/);
    const board = boardCoachModel(withOpen, HEADER.length, open, new CoachCache(), 'es');
    assert.deepEqual(board.unlisted, ['XIS']);
    const body = renderBoardMoves(board, boardModel(withOpen.replay, board.turnIndex), 'es').html;
    assert.match(body, /La jugada hecha forma XIS/);
    assert.doesNotMatch(body, /no es legal/);
  });

  it('with a user list the same move is not legal, as before', () => {
    const t = turnOf(withUser, userList);
    assert.equal(t.unlisted, undefined);
    assert.match(coachLensTitle(t, 'es'), /\(la jugada hecha no es legal\)$/);
  });

  it('a move that breaks a rule of placement is not legal even with the open list', () => {
    // 8A: not on the star (art. 23); XIS also missing from the list does not make it "unjudged".
    const off = analyze([...HEADER, '>Ana: HIIOQSX 8A XIS +10 10', ''].join('\n'), { lexicon: open });
    const t = turnOf(off, open);
    assert.equal(t.unlisted, undefined);
    assert.match(coachLensTitle(t, 'es'), /no es legal/);
  });

  it('the deep analysis keeps the word unjudged and never calls the move illegal', async () => {
    const target = deepTarget(withOpen, HEADER.length, open, undefined, 'es');
    assert.ok('kind' in target);
    assert.deepEqual(target.unlisted, ['XIS']);
    // Every candidate given an equity by its score: the grading itself is not under test here.
    const simulate: DeepSimulate = async (_position, moves) =>
      moves.map((move) => ({ move, equity: move.score, winPct: 0.5, iterations: 10, margin: 0 }));
    const answer = await turnVerdict(withOpen.replay, 0, open, simulate);
    assert.ok('held' in answer, 'the turn is graded');
    for (const lang of ['es', 'en'] as const) {
      const text = verdictLensTitle(answer.held, lang) + verdictHoverMarkdown(answer.held, lang);
      assert.doesNotMatch(text, /no es legal|not legal/);
    }
  });

  it('the ruling lists no finding for it, and names it as left to be checked in the official list', () => {
    const r = buildRuling([{ name: 'ana.gcg', analysis: withOpen }], 'es', open.info.name);
    const sheet = r.sheets[0];
    assert.ok(!sheet.findings.some((f) => f.code === 'unaccepted-word'));
    assert.deepEqual(sheet.unjudged, [`XIS (línea ${HEADER.length + 1})`]);
    assert.match(renderRulingHtml(r), /Sin juzgar, por no estar en la lista abierta incorporada, que no es la oficial/);
    assert.match(renderRulingMarkdown(r), /XIS \(línea \d+\)/);
    const user = buildRuling([{ name: 'ana.gcg', analysis: withUser }], 'en', 'fise.txt');
    assert.ok(user.sheets[0].findings.some((f) => f.code === 'unaccepted-word'));
    assert.deepEqual(user.sheets[0].unjudged, []);
  });
});
