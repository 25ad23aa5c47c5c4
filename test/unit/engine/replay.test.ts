/**
 * The replay beyond single findings: how the tile set, the edition and the players are settled;
 * plain-notation racks and lower-case digraphs; withdrawals (both forms); the end of the game under
 * each edition and both end-of-game conventions; the lexicon (hints, withdrawn and ruled words);
 * settings; and the shape of the states.
 */
import * as assert from 'node:assert/strict';
import { APPENDIX_A, APPENDIX_A_2R, APPENDIX_B, lexiconOf, record, run, summary } from './helpers';

/** A Spanish record in plain notation (no brackets anywhere). */
function plain(...lines: string[]): string {
  return ['#player1 Ana Ana', '#player2 Beto Beto', ...lines].join('\n') + '\n';
}

const LIBRO = '>Ana: ABILORS 8D LIBRO +16 16';

describe('engine: replay', () => {
  describe('settling the tile set, the edition and the players', () => {
    const cases: readonly {
      name: string;
      text: string;
      options?: object;
      tileSet: string;
      tileSetSource: string;
      rules: string;
      rulesSource: string;
    }[] = [
      {
        name: 'nothing said: spanish, fise',
        text: plain(LIBRO),
        tileSet: 'spanish',
        tileSetSource: 'default',
        rules: 'fise',
        rulesSource: 'default',
      },
      {
        name: '#lexicon FILE2017',
        text: record(LIBRO),
        tileSet: 'spanish',
        tileSetSource: 'lexicon',
        rules: 'fise',
        rulesSource: 'default',
      },
      {
        name: '#lexicon NWL18',
        text: plain('#lexicon NWL18', LIBRO),
        tileSet: 'english',
        tileSetSource: 'lexicon',
        rules: 'naspa',
        rulesSource: 'default',
      },
      {
        name: '#lexicon CSW21',
        text: plain('#lexicon CSW21', LIBRO),
        tileSet: 'english',
        tileSetSource: 'lexicon',
        rules: 'naspa',
        rulesSource: 'default',
      },
      {
        name: '#tile-distribution beats #lexicon',
        text: plain('#tile-distribution spanish', '#lexicon NWL18', LIBRO),
        tileSet: 'spanish',
        tileSetSource: 'tile-distribution',
        rules: 'fise',
        rulesSource: 'default',
      },
      {
        name: 'a W on a rack',
        text: plain('>Ana: DINNVWY 8D WINDY +32 32'),
        tileSet: 'english',
        tileSetSource: 'k-w',
        rules: 'naspa',
        rulesSource: 'default',
      },
      {
        name: '#rules fise-2004',
        text: plain('#rules fise-2004', LIBRO),
        tileSet: 'spanish',
        tileSetSource: 'rules',
        rules: 'fise-2004',
        rulesSource: 'pragma',
      },
      // a record declared Spanish stays Spanish whatever its letters.
      {
        name: '#rules fise and a blank written k',
        text: plain('#rules fise', '>Ana: ABILOR? 8D LIBkO +14 14'),
        tileSet: 'spanish',
        tileSetSource: 'rules',
        rules: 'fise',
        rulesSource: 'pragma',
      },
      {
        name: '#lexicon FILE2017 and a blank written w',
        text: plain('#lexicon FILE2017', '>Ana: ABILOR? 8D LIBwO +14 14'),
        tileSet: 'spanish',
        tileSetSource: 'lexicon',
        rules: 'fise',
        rulesSource: 'default',
      },
      {
        name: '#rules naspa',
        text: plain('#rules naspa', LIBRO),
        tileSet: 'english',
        tileSetSource: 'rules',
        rules: 'naspa',
        rulesSource: 'pragma',
      },
      {
        name: 'an unknown #rules value is ignored',
        text: plain('#rules fisa', LIBRO),
        tileSet: 'spanish',
        tileSetSource: 'default',
        rules: 'fise',
        rulesSource: 'default',
      },
      {
        name: 'options beat the file',
        text: plain('#rules fise-2001', '#lexicon NWL18', LIBRO),
        options: { rules: 'fise', tileSet: 'spanish' },
        tileSet: 'spanish',
        tileSetSource: 'option',
        rules: 'fise',
        rulesSource: 'option',
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const r = run(c.text, c.options ?? {});
        assert.deepEqual([r.tileSet, r.tileSetSource, r.rules, r.rulesSource], [c.tileSet, c.tileSetSource, c.rules, c.rulesSource]);
      });
    }

    it('players come from #player1/#player2, else from the first two nicks', () => {
      assert.deepEqual(
        run(record(LIBRO)).players.map((p) => [p.nick, p.name]),
        [
          ['Ana', 'Ana García'],
          ['Beto', 'Alberto Ruiz'],
        ],
      );
      const r = run('>Luz: ABILORS 8D LIBRO +16 16\n>Mar: ACEMNPT H4 CAMP. +14 14\n');
      assert.deepEqual(
        r.players.map((p) => p.nick),
        ['Luz', 'Mar'],
      );
      assert.deepEqual(r.final, [16, 14]);
    });

    it('an unknown nick keeps the accounts of the player whose turn it is', () => {
      const r = run(record(LIBRO, '>Beta: ACEMNPT H4 CAMP. +14 14', '>Ana: ADEIMNS 7I ..E +3 19'));
      assert.equal(r.turns[1].player, -1);
      assert.deepEqual(r.turns[1].totals, [16, 14]);
    });
  });

  describe('plain-notation racks and digraphs', () => {
    it('DEIORRX: two R tiles, because the play needs two Rs and the rack holds seven', () => {
      const r = run(plain('>Ana: DEIORRX 8D EXORDIR +30 30'));
      assert.deepEqual(r.turns[0].rackBefore?.tiles, ['D', 'E', 'I', 'O', 'R', 'R', 'X']);
      assert.equal(r.turns[0].rackReading, undefined);
    });

    it('ACHEIILU: the CH tile, because only that reading gives seven tiles', () => {
      const r = run(plain('>Ana: ACHEIILU - +0 0'));
      assert.deepEqual(r.turns[0].rackBefore?.tiles, ['A', 'CH', 'E', 'I', 'I', 'L', 'U']);
    });

    it('a partial rack that reads either way: the digraph tile, and the doubt is recorded', () => {
      const r = run(plain('>Ana: RRA - +0 0'));
      assert.deepEqual(r.turns[0].rackBefore?.tiles, ['RR', 'A']);
      assert.deepEqual(r.turns[0].rackReading, { chosen: ['RR', 'A'], alternatives: [['R', 'R', 'A']] });
    });

    it('lower-case ch in a play is the real tile when the rack holds one, else a blank', () => {
      const real = run(plain('>Ana: AADLRSch 8F chAL +14 14'));
      assert.deepEqual(summary(real), []);
      assert.equal(real.turns[0].placed[0].blank, false);
      const blank = run(plain('>Ana: AADLRS? 8F chAL +4 4'));
      assert.deepEqual(summary(blank), []);
      assert.deepEqual(blank.turns[0].placed[0], { row: 7, col: 5, letter: 'CH', blank: true });
      const unknown = run(plain('>Ana: 8F chAL +4 4'));
      assert.equal(unknown.turns[0].placed[0].blank, true);
    });

    it('upper-case CH in a plain play is one tile; in bracket notation it is a C and an H', () => {
      assert.deepEqual(summary(run(plain('>Ana: ACHENOS 8E NOCHE +16 16'))), []);
      assert.deepEqual(summary(run(record('>Ana: [CH]ENOSA 8E NO[CH]E +16 16'))), []);
    });

    it('separate-digraph also across turns: an H placed after a C already on the board', () => {
      const r = run(record('>Ana: ACOSTU? 8D COSTA +20 20', '>Beto: EHIMNST D8 .HE +8 8'));
      assert.deepEqual(summary(r), ['separate-digraph@7']);
    });

    it('English racks and plays: every piece one tile, blanks may be K or W', () => {
      const r = run(plain('#lexicon NWL18', '>Ana: ACHT??E 8D CHATkEd +0 0'));
      assert.ok(!summary(r).some((s) => s.startsWith('blank-k-w') || s.startsWith('tile-not-in')), summary(r).join());
    });
  });

  describe('withdrawals and challenges', () => {
    const PERA = '>Ana: AEPRSTU 8G PERA +12 12';
    const ABRIDO = '>Beto: ABDEINO I6 AB.IDO +13 13';

    it('the old form `-- +0 T` takes the play back when T is the total before it', () => {
      const ok = run(record(PERA, ABRIDO, '>Beto: ABDEINO -- +0 0'));
      assert.deepEqual(summary(ok), []);
      assert.deepEqual(ok.final, [12, 0]);
      assert.deepEqual(summary(run(record(PERA, ABRIDO, '>Beto: ABDEINO -- +0 13'))), ['cumulative-mismatch@8']);
      // A phony written as scoring 0 and withdrawn for 0: the sheet never credited it.
      assert.deepEqual(summary(run(record(PERA, '>Beto: ABDEINO I6 AB.IDO +0 0', '>Beto: ABDEINO -- +0 0'))), []);
    });

    it('a withdrawn play is a pass-like, scoreless turn and restores bag, board and rack', () => {
      const r = run(record(PERA, ABRIDO, '>Beto: ABDEINO -- -13 0', '>Ana: EILMSTU G8 .I +5 17'));
      assert.deepEqual(summary(r), []);
      assert.equal(r.turns[2].bag, r.turns[0].bag);
      assert.equal(r.turns[2].board.filter(Boolean).length, 4);
    });

    it('withdrawing the going-out play: the game goes on', () => {
      const out = APPENDIX_A.split('\n').slice(0, 30).join('\n') + '\n>Ana: CEETU -- -8 339\n';
      const r = run(out + '>Beto: C[CH]ÑT? - +0 339\n');
      assert.equal(r.gameEnd, undefined);
      assert.deepEqual(summary(r), []);
    });

    it('NASPA: a challenge bonus is fine, and a pass right after the going-out play is a failed challenge', () => {
      const r = run(record(LIBRO, '>Ana: S (challenge) +5 21'), { rules: 'naspa' });
      assert.deepEqual(summary(r), []);
      assert.deepEqual(r.final, [21, 0]);
      const fise = run(record(LIBRO, '>Ana: S (challenge) +5 21'));
      assert.deepEqual(fise.final, [16, 0]);
    });

    it('words challenged off are not reported; words ruled valid are not reported as unaccepted', () => {
      const lexicon = lexiconOf(['pera']);
      assert.deepEqual(summary(run(record(PERA, ABRIDO, '>Beto: ABDEINO -- -13 0'), { lexicon })), []);
      assert.deepEqual(summary(run(record(PERA, '#challenge valid PERA'), { lexicon: lexiconOf(['pera']) })), []);
    });

    it('each word formed carries the lexicon verdict; without a lexicon there is none', () => {
      const judged = run(record(PERA), { lexicon: lexiconOf(['casa']) });
      assert.deepEqual(
        judged.turns[0].words.map((w) => [w.word, w.accepted]),
        [['PERA', false]],
      );
      const accepted = run(record(PERA), { lexicon: lexiconOf(['pera']) });
      assert.deepEqual(
        accepted.turns[0].words.map((w) => [w.word, w.accepted]),
        [['PERA', true]],
      );
      assert.equal(run(record(PERA)).turns[0].words[0].accepted, undefined);
    });
  });

  describe('end of game', () => {
    it('under fise-2004 twelve scoreless turns do not end the game (37.3 is current only)', () => {
      const r = run(APPENDIX_B, { rules: 'fise-2004' });
      assert.equal(r.gameEnd, undefined);
      assert.deepEqual(summary(r), ['end-rack-mismatch@21', 'end-rack-mismatch@22']);
    });

    it('going out cites 40.3 under the older editions and nothing under NASPA', () => {
      assert.equal(run(APPENDIX_A, { rules: 'fise-2001' }).gameEnd?.article, '40.3');
      assert.equal(run(APPENDIX_A_2R, { rules: 'naspa' }).gameEnd?.article, '');
    });

    it('NASPA: +2R is the rule (no information), and the old +R / −R pair is accepted too', () => {
      assert.deepEqual(summary(run(APPENDIX_A_2R, { rules: 'naspa' })), []);
      assert.deepEqual(summary(run(APPENDIX_A, { rules: 'naspa' })), []);
    });

    it('both players pass twice in a row (37.2): the game ends; the next move is after the end', () => {
      const passes = ['>Beto: - +0 0', '>Ana: - +0 16', '>Beto: - +0 0', '>Ana: - +0 16'];
      const r = run(record(LIBRO, ...passes));
      assert.equal(r.gameEnd?.reason, 'passes');
      assert.equal(r.gameEnd?.article, '37.2');
      const after = run(record(LIBRO, ...passes, '>Beto: ACEMNPT H4 CAMP. +14 14'));
      // The move after the end is the slip; the own-rack lines it pushed out are not reported too.
      assert.deepEqual(summary(after), ['move-after-game-end@11']);
    });

    it('NASPA: six scoreless turns in a row end the game', () => {
      const zeros = ['>Beto: - +0 0', '>Ana: -2 +0 16', '>Beto: - +0 0', '>Ana: -2 +0 16', '>Beto: -3 +0 0', '>Ana: - +0 16'];
      const r = run(record(LIBRO, ...zeros), { rules: 'naspa' });
      assert.equal(r.gameEnd?.reason, 'naspa-zeros');
      assert.equal(r.gameEnd?.afterTurn, 6);
    });

    it('#game-end time: the game ends there, with no rack adjustment (37.5)', () => {
      const r = run(record(LIBRO, '>Beto: ACEMNPT H4 CAMP. +14 14', '#game-end time'));
      assert.equal(r.gameEnd?.reason, 'time');
      assert.equal(r.gameEnd?.article, '37.5');
      assert.equal(r.complete, true);
      assert.deepEqual(summary(r), []);
    });

    it('#game-end with moves after it (in the header, say): one finding on the pragma, none on the moves', () => {
      const r = run(record('#game-end time', LIBRO, '>Beto: ACEMNPT H4 CAMP. +14 14'));
      assert.deepEqual(summary(r), ['move-after-game-end@6']);
      assert.equal(r.findings[0].messageId, 'move-after-game-end-pragma');
      assert.equal(r.findings[0].args.line, 7);
      assert.equal(r.findings[0].article, '37');
      assert.equal(r.gameEnd, undefined);
      assert.equal(r.complete, false);
      assert.deepEqual(summary(run(record(LIBRO, '#game-end blocked', '>Beto: ACEMNPT H4 CAMP. +14 14'))), ['move-after-game-end@7']);
    });

    it('#game-end blocked: each player subtracts the own rack (37.1)', () => {
      const r = run(record(LIBRO, '#game-end blocked', '>Ana: S (S) -1 15', '>Beto: ACEMNPT (ACEMNPT) -13 -13'));
      assert.equal(r.gameEnd?.reason, 'blocked');
      assert.deepEqual(summary(r), []);
      assert.deepEqual(
        run(record(LIBRO, '#game-end blocked', '>Ana: S (S) -2 14', '>Beto: ACEMNPT (ACEMNPT) -13 -13')).findings.map((f) => f.article),
        ['37.1'],
      );
    });

    it('37.1–37.3 (40.1–40.2): each own-rack line is due; a missing one is missing-end-adjustment on the line that ended the game', () => {
      const oneMissing = run(record(LIBRO, '#game-end blocked', '>Ana: S (S) -1 15'));
      assert.deepEqual(summary(oneMissing), ['missing-end-adjustment@7']);
      assert.equal(oneMissing.findings[0].messageId, 'missing-end-adjustment-own');
      assert.equal(oneMissing.findings[0].article, '37.1');
      assert.equal(oneMissing.findings[0].args.nicks, 'Beto');
      const passes = ['>Beto: ACEMNPT - +0 0', '>Ana: S - +0 16', '>Beto: ACEMNPT - +0 0', '>Ana: S - +0 16'];
      const none = run(record(LIBRO, ...passes), { rules: 'fise-2004' });
      assert.deepEqual(summary(none), ['missing-end-adjustment@10']);
      // The 2004 text's 40.2 says when the game ends, nothing of racks: the ending and art. 1 (the original rules it adopts).
      assert.equal(none.findings[0].article, '40.2, 1');
      assert.equal(none.findings[0].args.nicks, 'Ana, Beto');
      // The result takes off what the racks are known to hold (Beto's ACEMNPT, 13; Ana's S is only part of her rack); the running totals do not.
      assert.deepEqual([...none.final], [16, 0]);
      assert.deepEqual([...none.result], [16, -13]);
      const both = run(record(LIBRO, ...passes, '>Ana: S (S) -1 15', '>Beto: ACEMNPT (ACEMNPT) -13 -13'));
      assert.deepEqual(summary(both), []);
    });

    it('17: a turn right after the twelfth scoreless turn is reported, once, as after the end', () => {
      const lines = APPENDIX_B.split('\n');
      lines.splice(20, 0, '>Ana: AEIMR[RR]T - +0 10', '>Beto: AACDENU - +0 9');
      const r = run(lines.join('\n'));
      assert.deepEqual(summary(r), ['scoreless-turns-end@21']);
      assert.equal(r.findings[0].args.line, 20);
    });

    it('a record marked #incomplete may stop after going out', () => {
      const cut = APPENDIX_A.split('\n').slice(0, 30).join('\n') + '\n';
      assert.deepEqual(summary(run(cut.replace('#tile-notation brackets\n', '#tile-notation brackets\n#incomplete\n'))), []);
    });
  });

  describe('exchanges', () => {
    it('NASPA needs seven tiles in the bag; the minimum is a setting', () => {
      const late = APPENDIX_A.split('\n').slice(0, 26).join('\n') + '\n>Beto: C[CH]ÑSST? -C +0 300\n';
      assert.deepEqual(summary(run(late, { rules: 'naspa' })), ['exchange-bag-too-small@27']);
      assert.deepEqual(summary(run(late)), []);
      assert.deepEqual(summary(run(late, { exchangeMinimum: 7 })), ['exchange-bag-too-small@27']);
    });
  });

  describe('lexicon', () => {
    it('an unaccepted word carries the likely reason as related information and its article', () => {
      const r = run(record('>Ana: AACSST? 8D CASAS +14 14'), { lexicon: lexiconOf(['casa']) });
      const f = r.findings[0];
      assert.equal(f.code, 'unaccepted-word');
      assert.equal(f.severity, 'warning');
      assert.match(f.related?.[0]?.messageId ?? '', /^lexicon\.hint\./);
      assert.equal(f.article, 'XII §18');
    });

    it('English words are never judged', () => {
      assert.deepEqual(summary(run(plain('#lexicon NWL18', '>Ana: DINNVWY 8D WINDY +32 32'), { lexicon: lexiconOf([]) })), []);
    });
  });

  describe('settings and states', () => {
    it('a severity setting overrides the registry default', () => {
      const r = run(record('>Ana: ABILORS 8D LIBRO +17 17'), { severities: { 'score-mismatch': 'warning' } });
      assert.equal(r.findings[0].severity, 'warning');
    });

    it('the coordinate must name the whole word: a word that goes on past the written tiles', () => {
      const r = run(record(LIBRO, '>Beto: ACEMNOT 9E AMO +17 17', '>Ana: ADEIMNS 8I AS +9 25'));
      assert.deepEqual(summary(r), ['direction-mismatch@8']);
    });

    it('one state per event, each with its own board, true and declared totals side by side', () => {
      const r = run(record('>Ana: ABILORS 8D LIBRO +17 17', '>Beto: ACEMNPT H4 CAMP. +14 14'));
      assert.equal(r.turns.length, 2);
      assert.notEqual(r.turns[0].board, r.turns[1].board);
      assert.equal(r.turns[0].board.filter(Boolean).length, 5);
      assert.equal(r.turns[1].board.filter(Boolean).length, 9);
      assert.deepEqual(r.turns[0].declaredTotals, [17, null]);
      assert.deepEqual(r.turns[0].totals, [16, 0]);
      assert.equal(r.turns[1].event, r.file.events[1]);
      assert.equal(r.turns[1].unseen['?'], 2);
    });

    it("unseen: the set less the board and the mover's rack, worked out once when read", () => {
      // Ana plays LIBRO keeping AS; Beto passes holding ACEMNPT; Ana passes.
      const r = run(record('>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ACEMNPT - +0 0', '>Ana: ADEIMNS - +0 16'));
      const [libro, pass, again] = r.turns;
      // After LIBRO, from Ana's side: 100 − 5 on the board − her 2 kept tiles (her new tiles are unknown).
      assert.equal(
        Object.values(libro.unseen).reduce((a, b) => a + b, 0),
        93,
      );
      assert.equal(libro.unseen['L'], 4 - 1);
      assert.equal(libro.unseen['A'], 12 - 1);
      // Beto's pass: the board less his whole rack.
      assert.equal(
        Object.values(pass.unseen).reduce((a, b) => a + b, 0),
        100 - 5 - 7,
      );
      assert.equal(pass.unseen['A'], 12 - 1);
      assert.equal(pass.unseen['P'], 2 - 1);
      // Ana's full rack now: ADEIMNS, which keeps her A and S.
      assert.equal(
        Object.values(again.unseen).reduce((a, b) => a + b, 0),
        100 - 5 - 7,
      );
      assert.equal(again.unseen['A'], 12 - 1);
      assert.equal(again.unseen['S'], 6 - 1);
      assert.equal(pass.unseen, pass.unseen);
      assert.equal(Object.keys(pass).includes('unseen'), false, 'not an own field: nothing is paid until it is read');
    });

    it('a placement without its score or total: no score finding, the computed values are there', () => {
      const r = run(record('>Ana: ABILORS 8D LIBRO', '>Beto: ACEMNPT H4 CAMP. +14 14'));
      assert.deepEqual(summary(r), []);
      assert.equal(r.turns[0].declaredScore, undefined);
      assert.equal(r.turns[0].computedScore, 16);
      assert.deepEqual(r.final, [16, 14]);
    });

    it('Woogles’ UNKNOWN rack is no rack', () => {
      assert.deepEqual(summary(run(record(LIBRO, '>Ana: UNKNOWN (challenge) +5 21'), { rules: 'naspa' })), []);
    });

    it('never throws on an empty file or on lines the grammar could not read', () => {
      assert.deepEqual(run('').final, [0, 0]);
      assert.deepEqual(run('>Ana: 8D\n>Beto: ??? ... +x\n#rules\n').turns.length, 0);
    });
  });
});

describe('engine: the own-rack line as paper sheets write it', () => {
  const PAPER = APPENDIX_A.replace('>Beto: C[CH]ÑT? (C[CH]ÑT?) -17 322', '>Beto: (C[CH]ÑT?) -17 322');

  it('`(RACK) -N` with no rack in front is the own-rack deduction (art. 37.4): no finding, same scores', () => {
    assert.notEqual(PAPER, APPENDIX_A);
    const r = run(PAPER);
    assert.deepEqual(summary(r), []);
    assert.deepEqual(r.final, run(APPENDIX_A).final);
  });

  it('a wrong amount on it is one finding on the amount, as on the canonical line', () => {
    const wrong = run(PAPER.replace('>Beto: (C[CH]ÑT?) -17 322', '>Beto: (C[CH]ÑT?) -16 323'));
    const canonical = run(APPENDIX_A.replace('C[CH]ÑT? (C[CH]ÑT?) -17 322', 'C[CH]ÑT? (C[CH]ÑT?) -16 323'));
    assert.deepEqual(summary(wrong), summary(canonical));
    assert.deepEqual(
      wrong.findings.map((f) => f.messageId ?? f.code),
      canonical.findings.map((f) => f.messageId ?? f.code),
    );
  });

  it('the finisher writing it still gets one finding (their rack is empty)', () => {
    const r = run(APPENDIX_A.replace('>Ana: (C[CH]ÑT?) +17 364', '>Ana: (C[CH]ÑT?) -17 330'));
    assert.ok(r.findings.some((f) => f.code === 'end-rack-mismatch'));
  });
});
