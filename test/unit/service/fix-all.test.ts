/**
 * Fix all scores and totals at once (service/fix-all.ts): after the fix the record has no score
 * or total finding, on records with several errors — a wrong score followed by totals that carried
 * it, a misadded total, a wrong end adjustment, a wrong withdrawal — and only numbers change. The
 * reference is WORKED-EXAMPLES.md's Appendix A (worked out by hand there): spoiling its numbers and
 * fixing them must give it back exactly.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../../server/src/service/document';
import { fixAll, numberFindings } from '../../../server/src/service/fix-all';
import { getFixAllAction } from '../../../server/src/service/actions';
import { APPENDIX_A, record } from '../engine/helpers';
import { repoRoot } from '../../support/fixtures';

const desk = (name: string): string => fs.readFileSync(path.join(repoRoot, 'docs', 'arbitraje', name), 'utf8');

/** Adds `delta` to the number token `token` (the score `+37` or a total ` 57`) on the line holding `where`. */
function spoil(text: string, where: string, from: string, to: string): string {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.includes(where));
  assert.ok(i >= 0, where);
  assert.ok(lines[i].includes(from), `${from} on ${lines[i]}`);
  lines[i] = lines[i].replace(from, to);
  return lines.join('\n');
}

/** Every digit replaced by 0 and signs by +: what is left once numbers are set aside. */
const shape = (text: string): string => text.replace(/[+-]?\d+/g, '#');

describe('desk: fix all scores and totals', () => {
  it('resolves a wrong score whose error later totals carried, a misadded total and a wrong end line, in one edit', () => {
    let text = APPENDIX_A;
    // Ana's aX written as 36 (not 37), and every later Ana total one short, added right from it.
    text = spoil(text, '9H aX', '+37 57', '+36 56');
    for (const [where, from, to] of [
      ['6C QUI.A', '+24 81', '+24 80'],
      ['4D IDEAN', '+28 109', '+28 108'],
      ['I1 ENE', '+13 122', '+13 121'],
      ['O1 ASAREO', '+38 160', '+38 159'],
    ] as const) {
      text = spoil(text, where, from, to);
    }
    // Beto misadds once (73 + 43 written 126) and carries it one line.
    text = spoil(text, 'H1 CER..S', '+43 116', '+43 126');
    text = spoil(text, '6J HO[LL]AD', '+41 157', '+41 167');
    // The end line adds 18 instead of the 17 the opponent's rack is worth (art. 37.4).
    text = spoil(text, '>Ana: (C[CH]ÑT?)', '+17 364', '+18 365');
    const before = analyze(text);
    assert.ok(numberFindings(before).length >= 3, 'the spoilt record has several number findings');

    const r = fixAll(before);
    assert.equal(r.refused, undefined);
    assert.deepEqual(r.remaining, []);
    assert.equal(r.text, APPENDIX_A);
    assert.deepEqual(numberFindings(analyze(r.text)), []);
    assert.deepEqual(
      analyze(r.text).findings.map((f) => f.code),
      [],
    );
    const lines = r.changes.map((c) => `${c.line}:${c.which}:${c.from}→${c.to}`);
    assert.ok(lines.includes('8:score:+36→+37'), lines.join(' '));
    assert.ok(lines.includes('10:total:80→81'), lines.join(' '));
    assert.ok(lines.includes('13:total:126→116'), lines.join(' '));
    assert.ok(lines.includes('31:score:+18→+17'), lines.join(' '));
  });

  it('gives Appendix A back from random spoilt numbers (seeded, 40 records, up to 4 numbers each)', () => {
    let seed = 15;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const lines = APPENDIX_A.split('\n');
    const eventLines = lines.map((l, i) => (l.startsWith('>') ? i : -1)).filter((i) => i >= 0);
    for (let k = 0; k < 40; k++) {
      const spoilt = lines.slice();
      const count = 1 + random(4);
      for (let j = 0; j < count; j++) {
        const i = eventLines[random(eventLines.length)];
        const delta = 1 + random(9);
        const which = random(2);
        spoilt[i] = spoilt[i].replace(/([+-]\d+) (-?\d+)$/, (_m, s: string, t: string) =>
          which === 0 ? `${Number(s) + delta >= 0 ? '+' : ''}${Number(s) + delta} ${t}` : `${s} ${Number(t) + delta}`,
        );
      }
      const text = spoilt.join('\n');
      const r = fixAll(analyze(text));
      assert.deepEqual(r.remaining, [], text);
      assert.equal(r.text, APPENDIX_A, text);
    }
  });

  it('fixes a score-only sheet that misadded once and carried it (the arbiter pair of the README)', () => {
    const beto = desk('mesa-12-beto.gcg');
    const r = fixAll(analyze(beto));
    assert.deepEqual(r.remaining, []);
    assert.equal(r.changes.length, 10);
    assert.ok(r.changes.every((c) => c.which === 'total' && Number(c.from) - Number(c.to) === 10));
    assert.equal(shape(r.text), shape(beto));
    assert.deepEqual(analyze(r.text).findings, []);
  });

  it('changes only numbers: notes, plays, line ends (CRLF) and a withdrawn play stay as they were', () => {
    const text = record(
      '>Ana: ABEFNNQ 8F BEFAN +21 21',
      '#note Una nota con números: 12 y +3.',
      '>Beto: AHOOORZ F6 ZA.RO +38 38',
      '>Ana: ENNQUX? 9H aX +37 58',
      '>Ana: ENNQUX? -- -30 28',
    ).replace(/\n/g, '\r\n');
    const r = fixAll(analyze(text));
    assert.deepEqual(r.remaining, []);
    assert.equal(shape(r.text), shape(text));
    assert.ok(r.text.includes('#note Una nota con números: 12 y +3.\r\n'));
    assert.ok(r.text.includes('>Ana: ABEFNNQ 8F BEFAN +20 20\r\n'));
    assert.ok(r.text.includes('>Ana: ENNQUX? -- -37 20\r\n'));
  });

  it('refuses a record with an unreadable line, and says nothing is to be done on a clean one', () => {
    const broken = record('>Ana: ABEFNNQ 8F BEFAN +21 21', 'no es una línea');
    assert.equal(fixAll(analyze(broken)).refused, 'syntax');
    const clean = fixAll(analyze(APPENDIX_A));
    assert.deepEqual(clean.changes, []);
    assert.equal(clean.text, APPENDIX_A);
  });

  it('offers one source.fixAll code action whose edits give the fixed record', () => {
    const text = record('>Ana: ABEFNNQ 8F BEFAN +21 21', '>Beto: AHOOORZ F6 ZA.RO +38 38', '>Ana: ENNQUX? 9H aX +37 58');
    const action = getFixAllAction(analyze(text), 'file:///a.gcg', 'en');
    assert.ok(action);
    assert.equal(action.kind, 'source.fixAll');
    assert.equal(action.title, 'Fix all scores and totals (3 numbers)');
    const edits = action.edit!.changes!['file:///a.gcg'];
    const lines = text.split('\n');
    for (const e of [...edits].reverse()) {
      const l = lines[e.range.start.line];
      lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
    }
    assert.deepEqual(numberFindings(analyze(lines.join('\n'))), []);
    assert.equal(getFixAllAction(analyze(APPENDIX_A), 'file:///a.gcg', 'en'), undefined);
  });
});
