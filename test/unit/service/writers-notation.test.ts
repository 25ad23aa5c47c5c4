/**
 * Writing a record back through a tool never changes what `check` computes (NOTATION.md,
 * `#tile-notation`): for every record of the real corpus and the samples, and for generated games
 * in both notations, `format`, `fix` and `fill` give a record whose computed scores, totals and
 * result are the same, with no new finding on a number; `reconstruct` gives a score-only copy
 * back with the same result; and a line written in the other notation (a mixed file) reads as
 * the whole file does, with one warning.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze, type Analysis } from '../../../server/src/service/document';
import { fixAll } from '../../../server/src/service/fix-all';
import { fillRecord } from '../../../server/src/service/fill';
import { reconstructSheet } from '../../../server/src/service/reconstruct';
import { format, formatDocument } from '../../../server/src/syntax/format';
import { otherReadings } from '../../../server/src/service/editing';
import { exportForWoogles } from '../../../server/src/service/export';
import { playInNotation, rackInNotation } from '../../../server/src/syntax/tiles';
import { corpusFiles, defaultLexicon, sampleFiles } from '../../support/fixtures';
import { generateGame } from '../../support/generator';
import { stripToScores } from '../../support/strip-scores';

const lexicon = defaultLexicon();

/** Findings about the numbers of a sheet (scores, totals, end adjustments, penalties). */
const NUMBER_CODES = new Set([
  'score-mismatch',
  'cumulative-mismatch',
  'end-rack-mismatch',
  'missing-end-adjustment',
  'time-penalty-mismatch',
  'arbiter-penalty-mismatch',
]);

interface Computed {
  readonly scores: number[];
  readonly totals: number[];
  readonly result: number[];
}

function computed(a: Analysis): Computed {
  return {
    scores: a.replay.turns.map((t) => t.computedScore),
    totals: a.replay.turns.map((t) => t.computedTotal),
    result: [...a.replay.result],
  };
}

/** The number findings, as what they say (lines move when a tool rewrites a record). */
function numberFindings(a: Analysis): string[] {
  return a.findings
    .filter((f) => NUMBER_CODES.has(f.code))
    .map((f) => `${f.code} ${f.messageId} ${JSON.stringify(f.args)}`)
    .sort();
}

/** Records every tool is tried on: the corpus, the samples, generated games in both notations. */
function records(): { name: string; text: string }[] {
  const out = [...corpusFiles(), ...sampleFiles()].map((f) => ({ name: path.basename(f), text: fs.readFileSync(f, 'utf8') }));
  for (let seed = 1; seed <= 6; seed++) {
    for (const notation of ['brackets', 'plain'] as const) {
      out.push({ name: `generated ${seed} ${notation}`, text: generateGame({ seed, notation, lexicon }).text });
    }
  }
  return out;
}

/**
 * One event line of a bracket-notation record written in plain notation, token by token: a rack
 * (after the colon, in parentheses, or after an exchange's `-`) with its digraph tiles in lower
 * case, a play with them in capitals.
 */
function lineToPlain(line: string): string {
  const m = /^(>[^:]+:)(.*)$/.exec(line);
  if (!m) return line;
  const tokens = m[2].split(' ');
  let afterCoord = false;
  const out = tokens.map((tok, i) => {
    if (tok === '') return tok;
    if (/^\(.*\)$/.test(tok)) return rackInNotation(tok, 'plain');
    if (afterCoord) {
      afterCoord = false;
      return playInNotation(tok, 'plain');
    }
    if (/^(\d+[A-Oa-o]|[A-Oa-o]\d+)$/.test(tok)) {
      afterCoord = true;
      return tok;
    }
    if (/^-[^\d-]/.test(tok)) return `-${rackInNotation(tok.slice(1), 'plain')}`;
    if (i === 1 && !/^[+-]?\d/.test(tok)) return rackInNotation(tok, 'plain');
    return tok;
  });
  return m[1] + out.join(' ');
}

describe('service: writers keep what check computes', function () {
  this.timeout(600000);
  const all = records();

  it('format gives the same scores, totals, result and number findings', () => {
    for (const { name, text } of all) {
      const before = analyze(text, { lexicon });
      const after = analyze(formatDocument(text), { lexicon });
      assert.deepEqual(computed(after), computed(before), name);
      assert.deepEqual(numberFindings(after), numberFindings(before), name);
    }
  });

  it('fix changes only the declared numbers: the same computed scores and result, no number finding added', () => {
    for (const { name, text } of all) {
      const before = analyze(text, { lexicon });
      const after = analyze(fixAll(before, { lexicon }).text, { lexicon });
      assert.deepEqual(computed(after), computed(before), name);
      const was = new Set(numberFindings(before));
      assert.deepEqual(
        numberFindings(after).filter((f) => !was.has(f)),
        [],
        name,
      );
    }
  });

  it('fill gives the same computed scores of every turn and the same result', () => {
    for (const { name, text } of all) {
      const before = analyze(text, { lexicon });
      const filled = fillRecord(before, 'en', { lexicon });
      const after = analyze(filled.text, { lexicon });
      assert.equal(after.parsed.file.notation, before.parsed.file.notation, name);
      const c = computed(before);
      const d = computed(after);
      assert.deepEqual(d.scores.slice(0, c.scores.length), c.scores, name);
      assert.deepEqual(d.result, c.result, name);
    }
  });

  it("reconstruct gives a score-only copy back in its own notation, with the game's result", () => {
    for (const { name, text } of all) {
      const s = stripToScores(text, { lexicon });
      const sheet = analyze(s.text, { lexicon, tileSet: s.tileSet });
      const r = reconstructSheet(sheet, s.board, { lexicon, lang: 'en', timeLimitMs: 20000 });
      const back = analyze(r.text, { lexicon, tileSet: s.tileSet });
      assert.equal(back.parsed.file.notation, sheet.parsed.file.notation, name);
      assert.deepEqual([...back.replay.result], [...sheet.replay.result], name);
    }
  });

  it('a line written in plain notation in a bracket game reads as the game does, with one warning', () => {
    let mixedLines = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const game = generateGame({ seed, notation: 'brackets', lexicon }).text;
      const before = analyze(game, { lexicon });
      const lines = game.split('\n');
      lines.forEach((line, i) => {
        if (!line.startsWith('>') || !line.includes('[')) return;
        const changed = lineToPlain(line);
        if (changed === line) return;
        // Another bracket token keeps the file in brackets (else it would be a plain file).
        const keep = lines.some((l, j) => j !== i && l.includes('['));
        if (!keep) return;
        mixedLines++;
        const mixed = [...lines.slice(0, i), changed, ...lines.slice(i + 1)].join('\n');
        const after = analyze(mixed, { lexicon });
        assert.equal(after.parsed.file.notation, 'brackets');
        const where = `seed ${seed}, line ${i + 1}: ${changed}`;
        assert.deepEqual(computed(after), computed(before), where);
        assert.deepEqual(
          after.findings.filter((f) => f.code !== 'mixed-tile-notation').map((f) => `${f.span.start.line}:${f.code}`),
          before.findings.map((f) => `${f.span.start.line}:${f.code}`),
          where,
        );
        assert.ok(after.findings.filter((f) => f.code === 'mixed-tile-notation').length <= 1, where);
        // format and export convert every token: the file comes out in brackets alone.
        for (const [tool, out] of [
          ['format', format(after.parsed.file, otherReadings(after.replay))],
          ['export', exportForWoogles(after, 'en')],
        ] as const) {
          const back = analyze(out, { lexicon });
          assert.deepEqual(computed(back).result, computed(before).result, `${tool}, ${where}`);
          assert.ok(!back.findings.some((f) => f.code === 'mixed-tile-notation'), `${tool}, ${where}`);
        }
      });
    }
    assert.ok(mixedLines >= 20, `${mixedLines} lines tried`);
  });
});
