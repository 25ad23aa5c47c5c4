/**
 * Completion by cursor marker: pragma names and values, nicks (the one to move first), the rack
 * kept from the previous turn in the record's notation, coordinates in order of plausibility
 * (checked against a slow count of every length of play).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getCompletions, PRAGMA_NAMES, rankCoordinates, writeRackTile } from '../../../server/src/service/completion';
import { ARGUMENT_PRAGMAS, SIMPLE_PRAGMAS } from '../../../server/src/syntax/vocabulary';
import { EXAMPLE_6, GAME_A, HEADER, analyzeRecord, cursor } from './fixtures';
import { repoRoot } from '../../support/fixtures';

function complete(marked: string): { label: string; detail?: string; sortText?: string; insertText?: string }[] {
  const { text, position } = cursor(marked);
  return getCompletions(analyzeRecord(text), position, 'en');
}

describe('service: completion', () => {
  it('offers pragma names after #', () => {
    const items = complete(EXAMPLE_6.replace('#incomplete', '#|'));
    assert.deepEqual(
      items.map((i) => i.label),
      [...PRAGMA_NAMES],
    );
    assert.ok(items.every((i) => i.detail === `#${i.label}`));
  });

  it('offers every pragma of the vocabulary the grammar reads, each once, the usual first ones first', () => {
    const vocabulary = [...SIMPLE_PRAGMAS, ...Object.values(ARGUMENT_PRAGMAS).flat()];
    assert.deepEqual([...PRAGMA_NAMES].sort(), [...vocabulary].sort());
    assert.equal(new Set(PRAGMA_NAMES).size, PRAGMA_NAMES.length);
    assert.deepEqual(PRAGMA_NAMES.slice(0, 4), ['character-encoding', 'player1', 'player2', 'title']);
  });

  it('offers the values of a pragma that takes a fixed word', () => {
    assert.deepEqual(
      complete(EXAMPLE_6.replace('#incomplete', '#rules |')).map((i) => i.label),
      ['fise', 'fise-2004', 'fise-2001', 'naspa'],
    );
    assert.deepEqual(
      complete(EXAMPLE_6.replace('#incomplete', '#game-end t|')).map((i) => i.label),
      ['time', 'blocked'],
    );
  });

  it('offers the nicks after >, the player to move first', () => {
    const items = complete(`${EXAMPLE_6}>|`);
    assert.deepEqual(items.map((i) => i.label).sort(), ['Ana', 'Beto']);
    const first = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''))[0];
    assert.equal(first.label, 'Ana');
    assert.equal(first.detail, 'next to move');
    assert.equal(first.insertText, 'Ana: ');
  });

  it('completes a nick before a colon already written with one colon, not "Ana: :"', () => {
    const { text, position } = cursor(`${EXAMPLE_6}>A|: ABC 8D ABC +7 7`);
    const items = getCompletions(analyzeRecord(text), position, 'en');
    const ana = items.find((i) => i.label === 'Ana');
    const edit = ana?.textEdit as { newText: string; range: { start: { character: number }; end: { character: number } } } | undefined;
    assert.equal(edit?.newText, 'Ana:');
    assert.deepEqual([edit.range.start.character, edit.range.end.character], [1, 3]);
    assert.equal(ana?.insertText, undefined);
  });

  it("offers the rack a player keeps from the previous turn, in the record's notation", () => {
    assert.deepEqual(
      complete(`${EXAMPLE_6}>Ana: |`).map((i) => i.label),
      ['AS'],
    );
    const text = GAME_A.replace('>Beto: C[CH]ÑSST? 13C', '>Beto: |');
    assert.deepEqual(
      complete(text).map((i) => i.label),
      ['C[CH]ÑT?'],
    );
    assert.equal(writeRackTile('CH', 'plain'), 'ch');
    assert.equal(writeRackTile('CH', 'brackets'), '[CH]');
    assert.equal(writeRackTile('Ñ', 'brackets'), 'Ñ');
  });

  it('offers coordinates after the rack, both directions of all 225 squares', () => {
    const items = complete(`${EXAMPLE_6}>Ana: AS |`);
    assert.equal(items.length, 450);
    assert.equal(new Set(items.map((i) => i.label)).size, 450);
    assert.ok(items.some((i) => i.label === '8H' && i.detail?.startsWith('across from H8')));
    assert.ok(items.some((i) => i.label === 'H8' && i.detail?.startsWith('down from H8')));
  });

  it('offers the coordinates in order of plausibility, not alphabetically', () => {
    // Empty board: only a play through the centre; one tile from H8 itself, then two tiles away.
    const opening = complete(`${HEADER.join('\n')}\n>Ana: AEIOU |`);
    const bySort = [...opening].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    assert.deepEqual(
      opening.map((i) => i.label),
      bySort.map((i) => i.label),
      'sortText follows the order given',
    );
    assert.deepEqual(
      bySort.slice(0, 4).map((i) => i.label),
      ['8H', 'H8', 'H7', '8G'],
    );
    assert.equal(bySort.slice(0, 14).length, 14);
    assert.equal(bySort[0].detail, 'across from H8 · reaches the board with 1 tile');
    assert.equal(bySort[2].detail, 'down from H7 · reaches the board with 2 tiles');
    // 8A reaches H8 with its eighth tile: too far for a rack of seven, so it comes with the rest.
    const reachable = bySort.filter((i) => /reaches/.test(i.detail ?? '')).map((i) => i.label);
    assert.equal(reachable.length, 14);
    assert.ok(!reachable.includes('8A') && reachable.includes('8B'));

    // After LIBRO on D8–H8 (and Beto's IDEA on G7–J7), Ana's next line.
    const items = complete(`${EXAMPLE_6}>Ana: AS |`);
    const labels = items.map((i) => i.label);
    const plausible = items.filter((i) => /reaches/.test(i.detail ?? '')).map((i) => i.label);
    assert.deepEqual(labels.slice(0, plausible.length), plausible, 'the plausible ones come first');
    for (const near of ['8C', '8D', '9D', 'D7', 'C8', '6G', 'G6']) assert.ok(plausible.includes(near), near);
    // 8E and D9 would start beside a tile of LIBRO (D8 is taken before them); 1A is far from every tile.
    for (const far of ['8E', 'D9', '1A', 'A1', '15O']) assert.ok(!plausible.includes(far), far);
    assert.ok(labels.indexOf('1A') > labels.indexOf('8C'));
  });

  it('ranks coordinates against an obviously correct check, square by square', () => {
    const taken = new Set(['7,7', '7,8', '7,9', '6,9', '8,9']); // H8 I8 J8, J7, J9
    const occupied = (row: number, col: number): boolean => taken.has(`${row},${col}`);
    const choices = rankCoordinates(occupied);
    for (const c of choices) {
      const [dr, dc] = c.direction === 'across' ? [0, 1] : [1, 0];
      // Slow check: try every length of 1–7 new tiles and see whether the squares covered touch a tile.
      let best: number | undefined;
      const before = c.row - dr >= 0 && c.col - dc >= 0 && occupied(c.row - dr, c.col - dc);
      if (!before) {
        for (let n = 1; n <= 7 && best === undefined; n++) {
          const covered: [number, number][] = [];
          let laid = 0;
          for (let r = c.row, col = c.col; r < 15 && col < 15 && laid < n; r += dr, col += dc) {
            covered.push([r, col]);
            if (!occupied(r, col)) laid++;
          }
          if (laid < n) break;
          const touches = covered.some(
            ([r, col]) =>
              occupied(r, col) ||
              [
                [r - 1, col],
                [r + 1, col],
                [r, col - 1],
                [r, col + 1],
              ].some(([a, b]) => occupied(a, b)),
          );
          if (touches) best = n;
        }
      }
      assert.equal(c.reach, best, `${c.label}`);
    }
  });

  it('turns off the word-based suggestions that would offer words of the notes as a play', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { configurationDefaults: Record<string, Record<string, unknown>> };
    };
    assert.equal(manifest.contributes.configurationDefaults['[gcg]']['editor.wordBasedSuggestions'], 'off');
  });

  it('offers nothing in the middle of a score', () => {
    assert.deepEqual(complete(EXAMPLE_6.replace('+16 16', '+1|6 16')), []);
  });
});
