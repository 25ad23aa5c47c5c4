/**
 * Completion by cursor marker: pragma names and values, nicks (the one to move first), the rack
 * kept from the previous turn in the record's notation, coordinates.
 */
import { strict as assert } from 'node:assert';
import { getCompletions, PRAGMA_NAMES, writeRackTile } from '../../../server/src/service/completion';
import { EXAMPLE_6, GAME_A, analyzeRecord, cursor } from './fixtures';

function complete(marked: string): { label: string; detail?: string; sortText?: string; insertText?: string }[] {
  const { text, position } = cursor(marked);
  return getCompletions(analyzeRecord(text), position, 'en');
}

describe('service: completion', () => {
  it('offers pragma names after #', () => {
    const items = complete(EXAMPLE_6.replace('#incomplete', '#|'));
    assert.deepEqual(items.map((i) => i.label), [...PRAGMA_NAMES]);
    assert.ok(items.every((i) => i.detail === `#${i.label}`));
  });

  it('offers the values of a pragma that takes a fixed word', () => {
    assert.deepEqual(complete(EXAMPLE_6.replace('#incomplete', '#rules |')).map((i) => i.label), ['fise', 'fise-2004', 'fise-2001', 'naspa']);
    assert.deepEqual(complete(EXAMPLE_6.replace('#incomplete', '#game-end t|')).map((i) => i.label), ['time', 'blocked']);
  });

  it('offers the nicks after >, the player to move first', () => {
    const items = complete(`${EXAMPLE_6}>|`);
    assert.deepEqual(items.map((i) => i.label).sort(), ['Ana', 'Beto']);
    const first = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''))[0];
    assert.equal(first.label, 'Ana');
    assert.equal(first.detail, 'next to move');
    assert.equal(first.insertText, 'Ana: ');
  });

  it("offers the rack a player keeps from the previous turn, in the record's notation", () => {
    assert.deepEqual(complete(`${EXAMPLE_6}>Ana: |`).map((i) => i.label), ['AS']);
    const text = GAME_A.replace('>Beto: C[CH]ÑSST? 13C', '>Beto: |');
    assert.deepEqual(complete(text).map((i) => i.label), ['C[CH]ÑT?']);
    assert.equal(writeRackTile('CH', 'plain'), 'ch');
    assert.equal(writeRackTile('CH', 'brackets'), '[CH]');
    assert.equal(writeRackTile('Ñ', 'brackets'), 'Ñ');
  });

  it('offers coordinates after the rack, both directions of all 225 squares', () => {
    const items = complete(`${EXAMPLE_6}>Ana: AS |`);
    assert.equal(items.length, 450);
    assert.ok(items.some((i) => i.label === '8H' && i.detail === 'across from H8'));
    assert.ok(items.some((i) => i.label === 'H8' && i.detail === 'down from H8'));
  });

  it('offers nothing in the middle of a score', () => {
    assert.deepEqual(complete(EXAMPLE_6.replace('+16 16', '+1|6 16')), []);
  });
});
