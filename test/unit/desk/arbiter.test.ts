/**
 * The arbiter's desk signs what it prints: every command reads a sheet as `check` reads it, a
 * score-only sheet ends as its own end lines say, every turn where two sheets differ is shown and
 * explained, and the ruling sheet says everything it leaves out. Expected numbers are worked out
 * by hand from the rulebook (tile values of the FISE set, the premium squares, art. 37.4).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../../server/src/service/document';
import { boardModel } from '../../../server/src/service/board-model';
import { renderTextBoard } from '../../../server/src/report/text-board';
import { CoachCache, coachTurn } from '../../../server/src/service/coach';
import { runCli } from '../../support/cli-capture';
import { defaultLexicon, removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

const PLAYERS = ['#player1 A Ana', '#player2 B Beto'];

/**
 * B's JU written as H9 (down: OJU, O 1 + J 8 + U 1 = 10) with the score of 9H (across: JU with U
 * on the double letter I9, 8 + 2 = 10, and OJ 1 + 8 = 9: 19). Read through the list, neither OJ
 * nor OJU is a word, so `check` keeps the coordinate as written: 10, not 19.
 */
const JU = [...PLAYERS, '>A: ABILORS 8D LIBRO +16 16', '>B: JUAAEEE H9 JU +19 19', ''].join('\n');

/** A score-only sheet whose end line is GCG's +2R: B went out, A kept AEI (1 + 1 + 1 = 3). */
const SCORE_ONLY = [...PLAYERS, '>A: +20 20', '>B: +30 30', '>B: (AEI) +6 36', ''].join('\n');

describe('desk: one reading of a sheet everywhere', () => {
  let dir = '';
  beforeEach(() => (dir = tempDir('arbiter')));
  afterEach(() => removeTempDir(dir));
  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('check reads H9 JU as written (10), with the list', async () => {
    const r = await runCli(['check', '--json', write('ju.gcg', JU)]);
    const file = (JSON.parse(r.out) as { files: { turns: { computedScore: number }[]; result: Record<string, number> }[] }).files[0];
    assert.equal(file.turns[1].computedScore, 10);
    assert.deepEqual(file.result, { A: 16, B: 10 });
  });

  it('compare gives the true result check gives (B 10), not the reading through a non-word', async () => {
    const a = write('a.gcg', JU);
    const r = await runCli(['compare', '--json', a, a]);
    const c = JSON.parse(r.out) as { result: { true: Record<string, number> } };
    assert.deepEqual(c.result.true, { A: 16, B: 10 });
  });

  it('fix corrects +19 to +10 as check does, instead of finding nothing to fix', async () => {
    const r = await runCli(['fix', write('ju.gcg', JU)]);
    assert.match(r.err, /line 4: score \+19 → \+10/);
    assert.match(r.out, />B: JUAAEEE H9 JU \+10 10/);
  });

  it('board shows the tiles where check puts them (down from H9)', async () => {
    const file = write('ju.gcg', JU);
    const r = await runCli(['board', file]);
    const expected = renderTextBoard(boardModel(analyze(JU, { lexicon: defaultLexicon() }).replay, 1), 'en');
    assert.equal(r.out.trimEnd(), expected.trimEnd());
  });

  it('report --ruling names the corrected result check gives', async () => {
    const r = await runCli(['report', '--ruling', '--format', 'md', write('ju.gcg', JU)]);
    assert.match(r.out, /\*\*A 16 – B 10\*\*/);
  });
});

describe('desk: a score-only sheet ends as its end lines say', () => {
  let dir = '';
  beforeEach(() => (dir = tempDir('arbiter')));
  afterEach(() => removeTempDir(dir));

  it('FISE ±R from the +2R line (A 17 – B 33) in check, report, ruling and compare', async () => {
    const file = path.join(dir, 'so.gcg');
    fs.writeFileSync(file, SCORE_ONLY);
    const check = await runCli(['check', '--json', file]);
    assert.deepEqual((JSON.parse(check.out) as { files: { result: unknown }[] }).files[0].result, { A: 17, B: 33 });
    const human = await runCli(['check', file]);
    assert.match(human.out, /A 17 – B 33/);
    const report = await runCli(['report', '--format', 'md', file]);
    assert.match(report.out, /17/);
    assert.doesNotMatch(report.out, /-172|−172/);
    const ruling = await runCli(['report', '--ruling', '--format', 'md', file]);
    assert.match(ruling.out, /\*\*A 17 – B 33\*\*/);
    const compare = await runCli(['compare', '--json', file, file]);
    assert.deepEqual((JSON.parse(compare.out) as { result: { true: unknown } }).result.true, { A: 17, B: 33 });
  });

  it('the FISE form (+R and −R lines) on a score-only sheet: the totals as written', () => {
    const text = [...PLAYERS, '>A: +20 20', '>B: +30 30', '>B: (AEI) +3 33', '>A: AEI (AEI) -3 17', ''].join('\n');
    const a = analyze(text, { lexicon: defaultLexicon() });
    assert.deepEqual(a.replay.result, [17, 33]);
    assert.deepEqual(
      a.findings.filter((f) => f.severity === 'error').map((f) => f.code),
      [],
    );
  });
});

describe('desk: every disagreement explained', () => {
  let dir = '';
  beforeEach(() => (dir = tempDir('arbiter')));
  afterEach(() => removeTempDir(dir));
  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const desk = path.join(repoRoot, 'docs', 'arbitraje');

  it('mesa 7: every differing turn listed, the bingo explained word by word, B right, one turn changed the result', async () => {
    const r = await runCli(['compare', path.join(desk, 'mesa-7-sofia.gcg'), path.join(desk, 'mesa-7-ramon.gcg')]);
    assert.equal(r.code, 1);
    // RECUENTO on a triple word: its letters sum 11, × 3 = 33, and 50 for the seven tiles: 83, not 80.
    assert.match(
      r.out,
      /Turn 2 \(Ramón\):\n {2}A \(line 8\) adds up: 0 \+80 = 80\n {2}B \(line 9\) adds up: 0 \+83 = 83\n {2}The board gives \+83 \(RECUENTO 11 × 3 = 33, plus 50 for placing all seven tiles\), total 83\.\n {2}B is right\./,
    );
    const listed = [...r.out.matchAll(/^Turn (\d+) /gm)].map((m) => Number(m[1]));
    assert.equal(listed.length, 16);
    assert.match(r.out, /16 turns differ; turn 2 changes the result/);
    const json = JSON.parse(
      (await runCli(['compare', '--json', path.join(desk, 'mesa-7-sofia.gcg'), path.join(desk, 'mesa-7-ramon.gcg')])).out,
    ) as {
      summary: { differing: number; changedResult: number[] };
      disagreements: { n: number; right: string }[];
    };
    assert.deepEqual(json.summary, { differing: 16, changedResult: [2] });
    assert.ok(json.disagreements.every((d) => d.right === 'b'));
  });

  it('the ruling names the turn that changes the result; the turns that only carry its gap are counted, with no annex page', async () => {
    const r = await runCli([
      'report',
      '--ruling',
      '--format',
      'md',
      path.join(desk, 'mesa-12-ana.gcg'),
      path.join(desk, 'mesa-12-beto.gcg'),
    ]);
    assert.deepEqual(
      [...r.out.matchAll(/^- Turn (\d+) /gm)].map((m) => m[1]),
      ['8'],
    );
    assert.doesNotMatch(r.out, /Annex/);
    assert.match(r.out, /10 turns differ; turn 8 changes the result \(the others carry that difference\)/);
  });

  it('refuses an empty file and bytes that are not a record; warns about other players and about renamed nicks', async () => {
    const a = write('a.gcg', SCORE_ONLY);
    const empty = write('empty.gcg', '');
    const binary = write('bin.gcg', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0x00, 0x13, 0x37, 0x00, 0x00]).toString('latin1'));
    for (const other of [empty, binary]) {
      const r = await runCli(['compare', a, other]);
      assert.equal(r.code, 2);
      // An empty file has no turn; binary bytes are refused before they are read as a record.
      assert.match(r.err, other === empty ? /has no turn/ : /is not a game record: it is a binary file/);
      assert.doesNotMatch(r.out, /agree on every turn/);
    }
    const strangers = write(
      'x.gcg',
      SCORE_ONLY.replace('#player1 A Ana', '#player1 X Xavi')
        .replace('#player2 B Beto', '#player2 Y Yago')
        .replace(/>A:/g, '>X:')
        .replace(/>B:/g, '>Y:'),
    );
    const r = await runCli(['compare', a, strangers]);
    assert.equal(r.code, 1);
    assert.match(r.out, /^Warning: the players differ \(A: A, B; B: X, Y\)/);
    const renamed = write(
      'r.gcg',
      SCORE_ONLY.replace('#player1 A Ana', '#player1 AA Ana')
        .replace('#player2 B Beto', '#player2 BB Beto')
        .replace(/>A:/g, '>AA:')
        .replace(/>B:/g, '>BB:'),
    );
    const n = await runCli(['compare', a, renamed]);
    assert.equal(n.code, 1);
    assert.match(n.out, /B names the players otherwise \(A = AA, B = BB\)/);
  });

  it('warns when the plays differ on most turns', async () => {
    const a = write('a.gcg', JU);
    const b = write('b.gcg', JU.replace('8D LIBRO', '8H LIBRO').replace('H9 JU', 'I9 JU'));
    const r = await runCli(['compare', a, b]);
    assert.match(r.out, /^Warning: the plays differ on most turns/);
  });
});

describe('desk: the ruling sheet is complete', () => {
  let dir = '';
  beforeEach(() => (dir = tempDir('arbiter')));
  afterEach(() => removeTempDir(dir));

  it('names the word list, explains the +2R ending, keeps the corrected numbers of a finding', async () => {
    const file = path.join(dir, 'so.gcg');
    fs.writeFileSync(file, SCORE_ONLY);
    const r = await runCli(['report', '--ruling', '--format', 'md', file]);
    assert.match(r.out, /\*\*Word list:\*\* es-open/);
    assert.match(r.out, /the sheet ends with \+2R .*\(art\. 37\.4\)/);
    assert.match(r.out, /A 17 – B 33 \(art\. 37\.4\)/); // the information finding, whole
  });

  it('more findings than it lists: the count and the command that lists them', async () => {
    const lines = [...PLAYERS];
    for (let i = 1; i <= 10; i++) lines.push(`>${i % 2 ? 'A' : 'B'}: +10 ${i}`);
    const file = path.join(dir, 'many.gcg');
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const r = await runCli(['report', '--ruling', '--format', 'md', file]);
    assert.match(r.out, /… and \d+ more findings: "planilla check many\.gcg" lists them all/);
  });

  it('long names wrap on the printed page', async () => {
    const file = path.join(dir, 'so.gcg');
    fs.writeFileSync(file, SCORE_ONLY.replace('#player1 A Ana', `#player1 A ${'Maximiliano'.repeat(12)}`));
    const r = await runCli(['report', '--ruling', file]);
    assert.match(r.out, /overflow-wrap: anywhere/);
    assert.match(r.out, /table-layout: fixed/);
  });
});

describe('desk: rulings the rulebook gives', () => {
  /** A word list that holds every word asked: only the rulebook's own names refuse one. */
  const everything = { info: { name: 'todo', words: 1, sha256: '', source: 'test' }, has: (): boolean => true };
  const opening = (edition: string, tiles: string, word: string): string =>
    [`#rules ${edition}`, ...PLAYERS, `>A: ${tiles} 8D ${word} +0 0`, ''].join('\n');
  const unaccepted = (text: string): { article: string; related: string[] }[] =>
    analyze(text, { lexicon: everything })
      .findings.filter((f) => f.code === 'unaccepted-word')
      .map((f) => ({ article: f.article, related: (f.related ?? []).map((r) => r.messageId) }));

  it('the current annex refuses REFUNDAR and ENRULAR (XII §17) and NOES (XII §18.2.1) even when the list has them', () => {
    assert.deepEqual(unaccepted(opening('fise', 'ADEFNRU', 'REFUNDAR')), [{ article: 'XII §17', related: ['related.named-word-refused'] }]);
    assert.deepEqual(unaccepted(opening('fise', 'ELNRRU?', 'ENRULAd')), [{ article: 'XII §17', related: ['related.named-word-refused'] }]);
    assert.deepEqual(unaccepted([...PLAYERS, '>A: EONS 8E NOES +0 0', ''].join('\n')), [
      { article: 'XII §18.2.1', related: ['related.named-word-refused'] },
    ]);
    assert.deepEqual(unaccepted(opening('fise', 'AAPRT', 'TROPA')), []); // the noun, not a form of TROPAR
  });

  it('the 2004 and 2001 texts accept REFUNDAR and refuse CASITA (39.4) whatever the list says', () => {
    for (const edition of ['fise-2004', 'fise-2001']) {
      assert.deepEqual(unaccepted(opening(edition, 'ADEFNRU', 'REFUNDAR')), []);
      assert.deepEqual(unaccepted(opening(edition, 'AACIST', 'CASITA')), [{ article: '39.4', related: ['related.named-word-refused'] }]);
    }
  });

  it('blank-k-w cites 10 under the 2001 copy (it has no 10.1), 10.1 under 2004 and the current text', () => {
    const cite = (edition: string): string[] =>
      analyze([`#rules ${edition}`, ...PLAYERS, '>A: ?AMI 8D kAMI +9 9', ''].join('\n'))
        .findings.filter((f) => f.code === 'blank-k-w')
        .map((f) => f.article);
    assert.deepEqual(cite('fise'), ['10.1']);
    assert.deepEqual(cite('fise-2004'), ['10.1']);
    assert.deepEqual(cite('fise-2001'), ['10']);
  });

  it('the own-rack duty after both players pass twice cites 37.2 now, and 40.2 with art. 1 under 2004/2001 (40.2 says nothing of racks)', () => {
    const passes = (edition: string): string[] =>
      analyze(
        [
          `#rules ${edition}`,
          ...PLAYERS,
          '>A: ABILORS 8D LIBRO +16 16',
          '>B: AEEJU - +0 0',
          '>A: AS - +0 16',
          '>B: AEEJU - +0 0',
          '>A: AS - +0 16',
          '',
        ].join('\n'),
      )
        .findings.filter((f) => f.code === 'missing-end-adjustment')
        .map((f) => f.article);
    assert.deepEqual(passes('fise'), ['37.2']);
    assert.deepEqual(passes('fise-2004'), ['40.2, 1']);
    assert.deepEqual(passes('fise-2001'), ['40.2, 1']);
  });

  it('a move written between going out and the end lines: one move-after-game-end, not applied', () => {
    const sample = fs.readFileSync(path.join(repoRoot, 'samples', 'partida-completa.gcg'), 'utf8');
    const text = sample.replace('>Ramón: M 13F M. +4 413\n', '>Ramón: M 13F M. +4 413\n>Sofía: GQ 14A QG +20 325\n');
    assert.notEqual(text, sample);
    const a = analyze(text, { lexicon: defaultLexicon() });
    assert.deepEqual(
      a.findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => [f.code, f.article]),
      [['move-after-game-end', '37.4']],
    );
    // Ramón 413 + 7 (G 2 + Q 5), Sofía 305 − 7: as if the move were not there.
    assert.deepEqual(a.replay.result, [298, 420]);
  });

  it('a challenge written after the opponent has played: the play stands with its points, one finding citing 34', () => {
    const body = [...PLAYERS, '>A: ABILORS 8D LIBRO +16 16', '>B: AEEJU - +0 0', '>A: -- -16 0', '>A: AS - +0 0', ''];
    for (const edition of ['fise', 'fise-2004', 'fise-2001']) {
      const a = analyze([`#rules ${edition}`, ...body].join('\n'), { lexicon: defaultLexicon() });
      assert.deepEqual(
        a.findings.map((f) => [f.code, f.messageId, f.article, f.span.start.line]),
        [['phony-withdrawn-without-play', 'phony-withdrawn-without-play-late', '34', 5]],
        edition,
      );
      // LIBRO's 16 is not taken back; A's next line is a turn in order, not out of turn.
      assert.deepEqual(a.replay.result, [16, 0], edition);
    }
  });

  it('a time penalty written on two lines that add up to what the clock calls for: the total right, no fault', () => {
    // 1:30 over time: two minutes started, −20, written as −10 and −10.
    const body = [
      ...PLAYERS,
      '>A: ABILORS 8D LIBRO +16 16',
      '>B: AEEJU - +0 0',
      '>A: (time) -10 6',
      '>A: (time) -10 -4',
      '#clock A -01:30',
      '',
    ];
    for (const edition of ['fise', 'fise-2004', 'fise-2001']) {
      const a = analyze([`#rules ${edition}`, ...body].join('\n'), { lexicon: defaultLexicon() });
      assert.deepEqual(a.findings, [], edition);
      assert.deepEqual(a.replay.result, [-4, 0], edition);
    }
    // The first line alone is short of the clock: the one remark, citing 32 (31 in the 2001 copy).
    for (const [edition, article] of [
      ['fise', '32'],
      ['fise-2004', '32'],
      ['fise-2001', '31'],
    ]) {
      const alone = body.filter((l) => l !== '>A: (time) -10 -4');
      const a = analyze([`#rules ${edition}`, ...alone].join('\n'), { lexicon: defaultLexicon() });
      assert.deepEqual(
        a.findings.map((f) => [f.code, f.article, f.args.expected]),
        [['time-penalty-mismatch', article, -20]],
        edition,
      );
      assert.deepEqual(a.replay.result, [-4, 0], edition);
    }
  });
});

describe('desk: analysis tells what happened', () => {
  let dir = '';
  beforeEach(() => (dir = tempDir('arbiter')));
  afterEach(() => removeTempDir(dir));

  it('a placement later withdrawn is valued in analyze as the turn it was: no points, the rack kept', async () => {
    const file = path.join(dir, 'wd.gcg');
    fs.writeFileSync(file, [...PLAYERS, '>A: ABILORS 8D LIBRO +16 16', '>B: AEIOUUU H4 UUUO +4 4', '>B: -- -4 0', ''].join('\n'));
    const r = await runCli(['analyze', '--json', file]);
    const turn = (
      JSON.parse(r.out) as { files: { turns: { line: number; played: { kind: string; score: number; leave: string } }[] }[] }
    ).files[0].turns.find((t) => t.line === 4);
    assert.deepEqual(turn && { kind: turn.played.kind, score: turn.played.score, leave: turn.played.leave }, {
      kind: 'pass',
      score: 0,
      leave: 'AEIOUUU',
    });
  });

  it('a rack that cannot exist (three blanks) is refused by moves FILE, and analysed with a caveat by analyze and the hover', async () => {
    const text = [...PLAYERS, '>A: ???ABIL 8D LIBRO +16 16', ''].join('\n');
    const file = path.join(dir, 'imp.gcg');
    fs.writeFileSync(file, text);
    const moves = await runCli(['moves', file, '--line', '3']);
    assert.equal(moves.code, 2);
    assert.match(moves.err, /the rack cannot exist/);
    // analyze, the hover and the board view analyse the tiles that exist and say which ones do not.
    const analyzed = await runCli(['analyze', file]);
    assert.match(analyzed.out, /best .*caveat: the sheet's rack holds tiles no longer left in the set \(\?\)/);
    const answer = coachTurn(analyze(text, { lexicon: defaultLexicon() }), 0, defaultLexicon(), new CoachCache(), 'en');
    assert.ok(answer && 'turn' in answer);
    assert.deepEqual(answer.turn.missingTiles, ['?']);
  });
});

describe('desk: a game ended by time', () => {
  it('with unequal turns: one finding citing art. 27 with 37.5 (40.4 in 2004/2001); the scores as written', () => {
    const body = [...PLAYERS, '>A: ABILORS 8D LIBRO +16 16', '>B: AEEJU - +0 0', '>A: AS - +0 16', '#game-end time', ''];
    for (const [edition, article] of [
      ['fise', '27, 37.5'],
      ['fise-2004', '27, 40.4'],
      ['fise-2001', '27, 40.4'],
    ]) {
      const a = analyze([`#rules ${edition}`, ...body].join('\n'));
      assert.deepEqual(
        a.findings.map((f) => [f.code, f.messageId, f.article, f.args.nick]),
        [['missing-end-adjustment', 'missing-end-adjustment-time-turns', article, 'B']],
        edition,
      );
      assert.deepEqual(a.replay.result, [16, 0]);
    }
    const even = analyze([...PLAYERS, '>A: ABILORS 8D LIBRO +16 16', '>B: AEEJU - +0 0', '#game-end time', ''].join('\n'));
    assert.deepEqual(even.findings, []);
  });
});
