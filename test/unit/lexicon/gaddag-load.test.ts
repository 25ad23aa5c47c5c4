/**
 * Where the move generator's GADDAG comes from: the built-in list's file beside its DAWG (a bad
 * file leaves the DAWG walk, with the same moves), and a user's list's cache entry, built on the
 * first move generation, stored beside the entry's DAWG, read back by the next load, and built
 * again when the stored one is corrupt or another list's; built in memory only for a small list.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildDawg } from '../../../server/src/lexicon/dawg';
import { buildGaddag, gaddagOf, IN_MEMORY_GADDAG_MAX_WORDS, parseGaddagFile, serializeGaddag } from '../../../server/src/lexicon/gaddag';
import { loadDefaultLexicon, loadLexicon, OverlayLexicon } from '../../../server/src/lexicon/load';
import { DEFAULT_GADDAG_FILE, DEFAULT_LEXICON_FILE, findDataDir } from '../../../server/src/lexicon/paths';
import { graphOf, listMoves } from '../../../server/src/analysis/moves';
import { NO_LEAVES } from '../../../server/src/analysis/leaves';
import type { Position } from '../../../server/src/analysis/position';
import type { BoardCells } from '../../../server/src/engine/types';
import { sourceWords } from './helpers';
import { tempDir } from '../../support/fixtures';

function boardWith(word: string, row: number, col: number): BoardCells {
  const board: (BoardCells[number] | null)[] = Array.from({ length: 225 }, () => null);
  [...word].forEach((letter, i) => (board[row * 15 + col + i] = { letter: letter.toUpperCase(), blank: false, turn: 0 }));
  return board;
}

const position: Position = {
  board: boardWith('casa', 7, 6),
  rack: ['E', 'R', 'O', 'S', 'A', 'T', '?'],
  bag: 50,
  scores: [0, 0],
  rules: 'fise',
  tileSet: 'spanish',
};

describe('lexicon: the GADDAG files', function () {
  this.timeout(120000);

  it('reads the built-in GADDAG from beside its DAWG; a bad file leaves the DAWG walk with the same moves', () => {
    const dataDir = findDataDir(__dirname)!;
    const builtin = loadDefaultLexicon({ dataDir });
    const g = gaddagOf(builtin.dawg);
    assert.ok(g, 'the built-in GADDAG is read');
    assert.equal(g.sha256, builtin.dawg.sha256);
    const withGaddag = listMoves(position, { lexicon: builtin, leaves: NO_LEAVES });

    const dir = tempDir('gaddag-builtin');
    fs.copyFileSync(path.join(dataDir, DEFAULT_LEXICON_FILE), path.join(dir, DEFAULT_LEXICON_FILE));
    fs.writeFileSync(path.join(dir, DEFAULT_GADDAG_FILE), 'no es un gaddag');
    const copy = loadDefaultLexicon({ dataDir: dir });
    assert.equal(gaddagOf(copy.dawg), undefined);
    const without = listMoves(position, { lexicon: copy, leaves: NO_LEAVES });
    assert.equal(without.placements, withGaddag.placements);
    assert.ok(withGaddag.placements > 1000, `only ${withGaddag.placements} placements`);
  });

  it('builds in memory the GADDAG of a small list without a source, never that of a large one (an overlay of the built-in list walks its DAWG)', () => {
    const small = buildDawg(sourceWords().filter((w, i) => i % 200 === 0 && !/[kw]/.test(w)));
    assert.ok(small.wordCount <= IN_MEMORY_GADDAG_MAX_WORDS);
    assert.ok(gaddagOf(small), 'a small list gets its GADDAG');
    const builtin = loadDefaultLexicon({ dataDir: findDataDir(__dirname)! });
    const overlay = new OverlayLexicon(builtin, new Set(['birol']), new Set(['casa']), 'es-open + extra');
    const graph = graphOf(overlay);
    assert.ok(graph.wordCount > IN_MEMORY_GADDAG_MAX_WORDS);
    assert.equal(gaddagOf(graph), undefined, 'no GADDAG built for the overlay');
    // Its moves come from the DAWG walk (the two walks are compared in movegen-gaddag.test.ts).
    assert.ok(listMoves(position, { lexicon: overlay, leaves: NO_LEAVES }).placements > 1000);
  });

  it("builds a user list's GADDAG on first use, caches it beside the DAWG, and rebuilds a bad one", () => {
    const dir = tempDir('gaddag-user');
    const cacheDir = path.join(dir, 'cache');
    const words = sourceWords().filter((w, i) => i % 40 === 0 && !/[kw]/.test(w));
    const list = path.join(dir, 'lista.txt');
    fs.writeFileSync(list, `${words.join('\n')}\n`);
    const first = loadLexicon(list, { cacheDir });
    assert.ok(first.ok);
    const dawg = graphOf(first.lexicon);
    const stored = (): string[] => fs.readdirSync(cacheDir).filter((f) => f.endsWith('.gaddag'));
    assert.deepEqual(stored(), [], 'nothing built before a move is generated');
    const built = gaddagOf(dawg);
    assert.ok(built);
    assert.equal(stored().length, 1);
    const file = path.join(cacheDir, stored()[0]);
    assert.equal(
      path.basename(file, '.gaddag'),
      fs
        .readdirSync(cacheDir)
        .find((f) => f.endsWith('.dawg'))!
        .slice(0, -'.dawg'.length),
    );

    const second = loadLexicon(list, { cacheDir });
    assert.ok(second.ok && second.report.cache === 'hit');
    const read = gaddagOf(graphOf(second.lexicon));
    assert.ok(read);
    assert.deepEqual(Array.from(read.edges), Array.from(built.edges));

    // The file's identity is recorded beside it, so the next process checks only its header.
    const record = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as { written: string };
    const stat = fs.statSync(file);
    assert.equal(record.written, `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`);
    // Damaged in place with its size kept (one node's mask cleared): no longer as written, so
    // checked in full, refused and built again.
    const damaged = fs.readFileSync(file);
    damaged.writeUInt32LE(0, damaged.length - 4 * 64);
    fs.writeFileSync(file, damaged);
    const third = loadLexicon(list, { cacheDir });
    assert.ok(third.ok);
    assert.deepEqual(Array.from(gaddagOf(graphOf(third.lexicon))!.edges), Array.from(built.edges));

    for (const bad of [Buffer.from('PLGD roto'), serializeGaddag(buildGaddag(buildDawg(['casa', 'cosa'])))]) {
      fs.writeFileSync(file, bad);
      const again = loadLexicon(list, { cacheDir });
      assert.ok(again.ok);
      const rebuilt = gaddagOf(graphOf(again.lexicon));
      assert.ok(rebuilt);
      assert.deepEqual(Array.from(rebuilt.edges), Array.from(built.edges));
      const onDisk = parseGaddagFile(fs.readFileSync(file), dawg.sha256);
      assert.ok(onDisk.ok, 'the rebuilt GADDAG is stored again');
    }
  });
});
