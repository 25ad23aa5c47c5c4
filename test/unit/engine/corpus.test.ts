/**
 * Every real game in the shared corpus (records written by Quackle, Macondo, Woogles, Elise and by
 * hand): the tile set and rules edition are detected (English records: english + naspa), every
 * declared score and running total equals the computed one, and the only findings are the ones
 * listed below, each justified line by line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReplayOptions } from '../../../server/src/engine/types';
import { run, summary } from './helpers';
import { corpusDir, corpusFiles } from '../../support/fixtures';

/** Findings each real record is expected to produce (`code@line`), with the reason. */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  // Line 9: Noah's rack INNRRSW lacks the blank he kept on line 7 (?ARSUVW − UVA). His note on
  // line 10 says he overdrew; under the overdraw rule the opponent returns tiles at random from
  // the rack, and the blank went back to the bag. The sheet is right; the warning is too.
  'en_macondo_noah_vs_peter.gcg': ['rack-inconsistent@9'],
  'es_juego1_alejandro_vs_daniel.gcg': [
    // Line 7: Daniel's rack CDIJLRU keeps C and R but none of ADEPV, so on line 5 (-CR) the sheet
    // wrote the tiles he kept instead of the ones he exchanged.
    'rack-inconsistent@7',
    // Line 24: GHOOQTch lacks the I that line 22 left (HIIOQSX − XIS = HIOQ): a rack miscopied.
    'rack-inconsistent@24',
    // Line 34: the game closes in the GCG +2R style (+28 = 2 × 14), accepted as written under FISE,
    // with the information giving the FISE final scores.
    'end-rack-gcg-convention@34',
  ],
};

describe('engine: the real games of the corpus', () => {
  const files = corpusFiles().map((f) => path.basename(f));

  it('holds the records this table knows', () => {
    assert.ok(files.length >= 13, `only ${files.length} records in ${corpusDir}`);
    for (const name of Object.keys(EXPECTED)) assert.ok(files.includes(name), name);
  });

  for (const name of files) {
    const english = name.startsWith('en_');
    const settings: readonly ReplayOptions[] = english ? [{}, { tileSet: 'english', rules: 'naspa' }] : [{}];
    for (const options of settings) {
      it(`${name}${Object.keys(options).length > 0 ? ' (english + naspa given)' : ''}`, () => {
        const r = run(fs.readFileSync(path.join(corpusDir, name)), options);
        assert.equal(r.tileSet, english ? 'english' : 'spanish');
        assert.equal(r.rules, english ? 'naspa' : 'fise');
        assert.equal(r.turns.length, r.file.events.length);
        for (const t of r.turns) {
          const where = `line ${t.event.line + 1}`;
          if (t.declaredScore !== undefined) assert.equal(t.computedScore, t.declaredScore, `score, ${where}`);
          if (t.declaredTotal !== undefined) assert.equal(t.computedTotal, t.declaredTotal, `total, ${where}`);
        }
        assert.deepEqual(summary(r), EXPECTED[name] ?? []);
      });
    }
  }

  it('the finished games end by going out, the unfinished ones do not end', () => {
    const unfinished = new Set(['en_macondo_incomplete_elise.gcg', 'en_macondo_name_iso8859-1.gcg']);
    for (const name of files) {
      const r = run(fs.readFileSync(path.join(corpusDir, name)));
      assert.equal(r.gameEnd?.reason, unfinished.has(name) ? undefined : 'out', name);
    }
  });
});
