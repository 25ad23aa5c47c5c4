/**
 * The board view: the steps through a record (shared/board-page.ts), the body the server sends
 * for the turn under the cursor (report/board-body.ts: turn label, event and score, the board with
 * the last move, racks with blanks and digraph tiles, true totals, bag, unseen tiles grouped by
 * letter, in Spanish and English, every record text escaped) and the webview page (strict policy,
 * nonce, no external reference).
 */
import { strict as assert } from 'node:assert';
import { analyze } from '../../../server/src/service/document';
import { boardModel, turnAtLine } from '../../../server/src/service/board-model';
import {
  BOARD_STEPS,
  BOARD_VIEW_SCRIPT,
  Coalescer,
  boardViewCsp,
  boardViewState,
  isBoardStep,
  renderBoardViewMessage,
  renderBoardViewPage,
  stepTurn,
  turnForLine,
  type BoardStep,
} from '../../../server/src/shared/board-page';
import { boardViewAt, renderBoardViewBody, turnLabel } from '../../../server/src/report/board-body';
import { markupProblems } from '../report/helpers';
import { EXAMPLE_6, GAME_A, HEADER, lineOf } from './fixtures';
import { readSample } from '../../support/fixtures';

const HOSTILE = '<img src=x onerror=alert(1)>';

/** Texts of the elements with `class` in `html` (tags stripped, entities left as written). */
function classText(html: string, cls: string): string[] {
  const re = new RegExp(`<([a-z0-9]+) class="${cls}"[^>]*>([\\s\\S]*?)</\\1>`, 'g');
  return [...html.matchAll(re)].map((m) => m[2].replace(/<[^>]+>/g, ''));
}

describe('board view: steps', () => {
  const cases: readonly { current: number; count: number; step: BoardStep; expected: number }[] = [
    { current: 3, count: 10, step: 'next', expected: 4 },
    { current: 3, count: 10, step: 'previous', expected: 2 },
    { current: 3, count: 10, step: 'first', expected: 0 },
    { current: 3, count: 10, step: 'last', expected: 9 },
    { current: 9, count: 10, step: 'next', expected: 9 },
    { current: 0, count: 10, step: 'previous', expected: 0 },
    { current: -1, count: 10, step: 'next', expected: 0 },
    { current: -1, count: 10, step: 'previous', expected: 0 },
    { current: 42, count: 10, step: 'previous', expected: 8 },
    { current: 0, count: 0, step: 'next', expected: -1 },
    { current: -1, count: 0, step: 'last', expected: -1 },
  ];
  for (const c of cases) {
    it(`${c.step} from ${c.current} of ${c.count} → ${c.expected}`, () => {
      assert.equal(stepTurn(c.current, c.count, c.step), c.expected);
    });
  }

  it('accepts only the four steps as a message from the webview', () => {
    for (const step of BOARD_STEPS) assert.ok(isBoardStep(step));
    for (const other of ['', 'NEXT', 'skip', 1, null, undefined, { step: 'next' }]) assert.equal(isBoardStep(other), false);
  });

  it('finds the turn of every line as the server does', () => {
    const replay = analyze(`${GAME_A}#note the end\n`).replay;
    const eventLines = replay.turns.map((turn) => turn.event.line);
    const lines = GAME_A.split('\n').length + 2;
    for (let line = -1; line < lines; line++) assert.equal(turnForLine(eventLines, line), turnAtLine(replay, line), `line ${line}`);
  });
});

describe('board view: the body at the turn under the cursor', () => {
  it('shows the turn under the cursor: label, event, score against the sheet, words, last move', () => {
    const text = EXAMPLE_6.replace('LIBRO +16 16', 'LIBRO +18 18');
    const replay = analyze(text).replay;
    const line = lineOf(text, '>Ana:');
    const view = boardViewAt(replay, line, 'en');
    assert.equal(view.turnIndex, 0);
    assert.equal(view.turnCount, 2);
    assert.deepEqual(view.eventLines, [line, line + 1]);
    assert.deepEqual(view.lastMove, ['D8', 'E8', 'F8', 'G8', 'H8']);
    assert.deepEqual(classText(view.html, 'turn-label'), [`Event 1 of 2 · line ${line + 1}`]);
    assert.deepEqual(classText(view.html, 'score differs'), ['Computed score: +16 · the sheet says +18']);
    assert.deepEqual(classText(view.html, 'words'), ['Words: LIBRO 16']);
    assert.deepEqual(classText(view.html, 'last-move'), ['Tiles of this event (highlighted): D8 E8 F8 G8 H8']);
    assert.match(view.html, /data-turn="0" data-turn-count="2" data-last-move="D8 E8 F8 G8 H8"/);
    assert.match(view.html, /<p class="total">True total: <strong>16<\/strong> <span class="sheet-total">\(the sheet says 18\)<\/span>/);
  });

  it('follows the cursor: a note line shows the event above it, the header shows the empty board', () => {
    const text = EXAMPLE_6.replace('+16 16\n', '+16 16\n#note a note\n');
    const replay = analyze(text).replay;
    assert.equal(boardViewAt(replay, lineOf(text, '#note'), 'es').turnIndex, 0);
    assert.equal(boardViewAt(replay, lineOf(text, '>Beto:'), 'es').turnIndex, 1);
    const start = boardViewAt(replay, 0, 'es');
    assert.equal(start.turnIndex, -1);
    assert.deepEqual(start.lastMove, []);
    assert.deepEqual(classText(start.html, 'turn-label'), ['Antes de la primera jugada (la planilla tiene 2 jugadas)']);
    assert.match(start.html, /<h2>Fichas del juego \(100\)<\/h2>/);
    assert.match(start.html, /<p class="bag">Bolsa: 86 fichas<\/p>/);
  });

  it('disables the steps that lead nowhere', () => {
    const replay = analyze(EXAMPLE_6).replay;
    const disabled = (turn: number): string[] =>
      [...renderBoardViewBody(boardModel(replay, turn), 'en').matchAll(/data-step="(\w+)"[^>]*disabled=""/g)].map((m) => m[1]);
    assert.deepEqual(disabled(0), ['first', 'previous']);
    assert.deepEqual(disabled(1), ['next', 'last']);
    assert.deepEqual(disabled(-1), ['first', 'previous']);
  });

  it('draws both racks, the true totals, the bag and the unseen tiles grouped by letter', () => {
    const replay = analyze(GAME_A).replay;
    const model = boardModel(replay, 2);
    const html = renderBoardViewBody(model, 'es');
    assert.equal(classText(html, 'nick').length, 2);
    assert.match(html, /<section class="player player-1 moved">/);
    assert.match(html, /<p class="bag">Bolsa: \d+ fichas<\/p>/);
    const groups = [...html.matchAll(/<span class="group" data-letter="([^"]+)">[\s\S]*?<span class="count">×(\d+)<\/span><\/span>/g)].map(
      (m) => ({ letter: m[1], count: Number(m[2]) }),
    );
    assert.deepEqual(
      groups,
      model.unseen.groups.map((g) => ({ letter: g.letter, count: g.count })),
    );
    assert.equal(
      groups.reduce((sum, g) => sum + g.count, 0),
      model.unseen.total,
    );
    assert.match(html, new RegExp(`<h2>Fichas que Ana no ve \\(${model.unseen.total}\\)</h2>`));
    for (const p of model.players) assert.ok(html.includes(`<strong>${p.total}</strong>`), `${p.nick} ${p.total}`);
  });

  it('marks blanks and draws a digraph as one tile, in the racks and on the board', () => {
    const text = readSample('apertura-comentada.gcg');
    const replay = analyze(text).replay;
    const last = replay.turns.length - 1;
    const html = renderBoardViewBody(boardModel(replay, last), 'en');
    assert.match(html, /<span class="tile blank" title="blank"><span class="face">\?<\/span><\/span>/);
    assert.match(html, /<text [^>]*font-style="italic">CH<\/text>/);
    const digraphs = analyze([...HEADER, '#incomplete', '>Ana: A[CH]ORS[LL]E 8D [CH]A +10 10', ''].join('\n')).replay;
    const rack = renderBoardViewBody(boardModel(digraphs, 0), 'en');
    assert.match(rack, /<span class="tile digraph"><span class="face">LL<\/span><span class="value">8<\/span><\/span>/);
  });

  it('escapes every text from the record and writes no script, style or URL', () => {
    const text = [
      '#character-encoding UTF-8',
      `#player1 Ana ${HOSTILE}`,
      '#player2 Beto "Beto" & <b>Ruiz</b>',
      '#tile-notation brackets',
      '#incomplete',
      '>Ana: ABILORS 8D LIBRO +16 16',
      '',
    ].join('\n');
    const replay = analyze(text).replay;
    for (const line of [0, 5]) {
      for (const lang of ['es', 'en'] as const) {
        const html = boardViewAt(replay, line, lang).html;
        assert.deepEqual(markupProblems(html, 'html'), []);
        assert.ok(!html.includes('<img'), 'no img element');
        assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the nick shows as text');
        assert.ok(html.includes('&quot;Beto&quot; &amp; &lt;b&gt;Ruiz&lt;/b&gt;'));
        const tags = [...html.matchAll(/<[^>]*>/g)].map((m) => m[0]).join('\n');
        assert.doesNotMatch(tags, /<script|<style|<img|<iframe|<a\s|\sstyle=|\son[a-z]+=|https?:|javascript:|\bhref=|\bsrc=/i);
      }
    }
  });

  it('labels the turn in both languages', () => {
    const replay = analyze(GAME_A).replay;
    const model = boardModel(replay, 4);
    assert.match(turnLabel(model, 'es'), /^Jugada 5 de \d+ · línea \d+$/);
    assert.match(turnLabel(model, 'en'), /^Event 5 of \d+ · line \d+$/);
  });
});

describe('board view: the webview page', () => {
  const nonce = 'bm9uY2Utb2YtdGhlLXRlc3Q=';
  const source = 'https://file+.vscode-resource.vscode-cdn.net';
  const page = renderBoardViewPage({ cspSource: source, nonce, lang: 'es', body: renderBoardViewMessage('Abra <una> planilla') });

  it('has the strict policy, with the nonce on its only style sheet and script', () => {
    assert.equal(
      boardViewCsp(source, nonce),
      `default-src 'none'; style-src ${source} 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src ${source} data:`,
    );
    assert.ok(
      page.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${source} 'nonce-${nonce}'`),
    );
    assert.deepEqual(
      [...page.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
      [`<script nonce="${nonce}">`],
    );
    assert.deepEqual(
      [...page.matchAll(/<style\b[^>]*>/g)].map((m) => m[0]),
      [`<style nonce="${nonce}">`],
    );
    assert.ok(page.includes(BOARD_VIEW_SCRIPT));
  });

  it('holds the body, escaped, and references nothing outside', () => {
    assert.match(
      page,
      /<main id="board-root" aria-live="polite"><div class="planilla-board empty"><p class="message">Abra &lt;una&gt; planilla<\/p><\/div><\/main>/,
    );
    assert.match(page, /<html lang="es">/);
    assert.doesNotMatch(page.split(source).join(''), /https?:|\bsrc=|\bhref=|@import|url\(/i);
    const withoutScript = page.replace(/<script[\s\S]*<\/script>/, '');
    assert.deepEqual(markupProblems(withoutScript, 'html'), []);
  });

  it('only posts steps and swaps the body and best moves it is sent (no markup built from data)', () => {
    assert.doesNotMatch(BOARD_VIEW_SCRIPT, /eval\(|new Function|document\.write|fetch\(|XMLHttpRequest|import\(/);
    assert.match(BOARD_VIEW_SCRIPT, /type: 'step'/);
    assert.match(BOARD_VIEW_SCRIPT, /message\.type === 'render'/);
    assert.match(BOARD_VIEW_SCRIPT, /message\.type === 'moves'/);
    // innerHTML only ever takes the message's own markup (the server's, escaped there).
    assert.deepEqual(
      [...BOARD_VIEW_SCRIPT.matchAll(/\.innerHTML = ([^;]+);/g)].map((m) => m[1]),
      ['message.html', 'message.html', 'message.previews'],
    );
  });
});

describe('board view: what survives a window reload (the serializer state)', () => {
  it('takes back a record and a line, and nothing else', () => {
    assert.deepEqual(boardViewState({ uri: 'file:///p/partida.gcg', line: 8 }), { uri: 'file:///p/partida.gcg', line: 8 });
    assert.deepEqual(boardViewState({ uri: 'untitled:Untitled-1', line: 0, extra: true }), { uri: 'untitled:Untitled-1', line: 0 });
    const refused: unknown[] = [
      undefined,
      null,
      'file:///p.gcg',
      42,
      {},
      { uri: 'file:///p.gcg' },
      { line: 3 },
      { uri: '', line: 3 },
      { uri: 'file:///p.gcg', line: -1 },
      { uri: 'file:///p.gcg', line: 2.5 },
      { uri: 'file:///p.gcg', line: '3' },
      { uri: 'file:///p.gcg', line: Number.NaN },
      { uri: 'x'.repeat(10000), line: 1 },
      { uri: 7, line: 1 },
    ];
    for (const value of refused) assert.equal(boardViewState(value), undefined, JSON.stringify(value));
  });

  it('keeps the state the extension sends with each body (setState), for VS Code to hand back', () => {
    assert.match(BOARD_VIEW_SCRIPT, /if \(api && message\.state\) api\.setState\(message\.state\);/);
  });
});

describe('board view: the page fits its column', () => {
  const page = renderBoardViewPage({ cspSource: 'vscode-webview:', nonce: 'abcdefghijklmnopqrstuvwx', lang: 'es', body: '' });
  it('sizes the board to the panel (width and height) beside a side panel, which goes under it only when narrow', () => {
    assert.match(page, /\.layout \{[^}]*container-type: size;/);
    assert.match(page, /\.board-wrap \{[^}]*width: max\(240px, min\(100cqh, 100cqw - 232px\)\);/);
    assert.match(page, /\.side \{[^}]*min-width: 220px;[^}]*max-height: 100cqh;[^}]*overflow-y: auto;/);
    assert.match(page, /@container \(max-width: 472px\) \{/);
    assert.match(page, /body \{[^}]*height: 100%|html, body \{ height: 100%; \}/);
  });

  it('puts the event, the racks, the bag and the unseen tiles in the side panel, beside the board', () => {
    const replay = analyze(GAME_A).replay;
    const body = renderBoardViewBody(boardModel(replay, 5), 'es');
    const side = body.slice(body.indexOf('<aside class="side">'), body.indexOf('</aside>'));
    for (const piece of [
      'class="event-info"',
      'class="player player-1',
      'class="player player-2',
      'class="bag"',
      'class="unseen"',
      'class="keys"',
    ]) {
      assert.ok(side.includes(piece), piece);
    }
    assert.ok(side.indexOf('player-2') < side.indexOf('class="bag"'), 'the racks come before the bag and the unseen tiles');
    assert.ok(body.indexOf('<div class="board-wrap">') < body.indexOf('<aside class="side">'));
  });
});

describe('board view: coalesced redraws', () => {
  /** A task whose runs are finished by hand, recording the state each run saw when it started. */
  function harness(): { coalescer: Coalescer; seen: number[]; finish: () => Promise<void>; state: { value: number } } {
    const state = { value: 0 };
    const seen: number[] = [];
    const pending: (() => void)[] = [];
    const coalescer = new Coalescer(
      () =>
        new Promise<void>((resolve) => {
          seen.push(state.value);
          pending.push(resolve);
        }),
    );
    const finish = async (): Promise<void> => {
      pending.shift()?.();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    return { coalescer, seen, finish, state };
  }

  it('runs once per request when idle', async () => {
    const h = harness();
    h.coalescer.request();
    assert.deepEqual(h.seen, [0]);
    await h.finish();
    h.state.value = 1;
    h.coalescer.request();
    assert.deepEqual(h.seen, [0, 1]);
  });

  it('turns any number of requests during a run into exactly one more run, for the latest state', async () => {
    const h = harness();
    h.coalescer.request();
    for (let v = 1; v <= 6; v++) {
      h.state.value = v;
      h.coalescer.request();
    }
    assert.deepEqual(h.seen, [0]);
    await h.finish();
    assert.deepEqual(h.seen, [0, 6]);
    await h.finish();
    assert.deepEqual(h.seen, [0, 6]);
  });

  it('keeps going after a failed run and starts nothing once stopped', async () => {
    let runs = 0;
    const failing = new Coalescer(async () => {
      runs++;
      throw new Error('no server');
    });
    failing.request();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    failing.request();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    assert.equal(runs, 2);
    failing.stop();
    failing.request();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    assert.equal(runs, 2);
  });
});
