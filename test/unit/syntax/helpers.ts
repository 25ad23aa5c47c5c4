/**
 * Shared helpers for the syntax tests (paths come from test/support/fixtures.ts): the records of
 * WORKED-EXAMPLES.md, and `project()` — the span-free, notation-independent reading of a parse
 * that the round-trip property compares.
 *
 * What the projection keeps (everything the engine and the editor read, minus positions and the
 * spelling of the notation): every non-blank line in order — events (kind, nick, rack readings and
 * singles, coordinate, play tiles and singles, exchanged tiles or count, end rack, keyword, score,
 * total, cross-words, notes), pragmas by meaning (name and the fields of their kind; notes by
 * text), error lines (message, arguments and their text) — plus header notes and the syntax
 * problems (code, message, arguments). It leaves out spans, blank lines, the
 * `#character-encoding` and `#tile-notation` lines, the notation itself and the encoding hint.
 *
 * Example:
 *   assert.deepEqual(project(parse(format(parse(x).file))), project(parse(x)));
 */
import * as fs from 'node:fs';
import { specFile } from '../../support/fixtures';
import type { EventNode, LineNode, ParseResult, PlayNode, PragmaNode, RackNode, TileRef } from '../../../server/src/syntax/types';

/** The fenced records of WORKED-EXAMPLES.md (blocks that hold at least one event line). */
export function workedExampleRecords(): { title: string; text: string }[] {
  const md = fs.readFileSync(specFile('WORKED-EXAMPLES.md'), 'utf8');
  const records: { title: string; text: string }[] = [];
  let title = '';
  let block: string[] | null = null;
  for (const line of md.split('\n')) {
    if (block === null && line.startsWith('#')) {
      if (line.startsWith('## ')) title = line.slice(3).trim();
      continue;
    }
    if (line.startsWith('```')) {
      if (block === null) {
        block = [];
      } else {
        if (block.some((l) => l.startsWith('>'))) records.push({ title, text: block.join('\n') + '\n' });
        block = null;
      }
      continue;
    }
    if (block !== null) block.push(line);
  }
  return records;
}

export function tileKey(t: TileRef): string {
  return `${t.blank ? 'b:' : ''}${t.through ? '.' : t.letter}${t.lowerDigraph ? '*' : ''}`;
}

export function tilesKey(tiles: readonly TileRef[]): string {
  return tiles.map(tileKey).join(' ');
}

function rackProjection(r: RackNode | undefined): unknown {
  return r === undefined ? null : { readings: r.readings.map(tilesKey), singles: tilesKey(r.singles) };
}

function playProjection(p: PlayNode | undefined): unknown {
  return p === undefined ? null : { tiles: tilesKey(p.tiles), singles: tilesKey(p.singles) };
}

function eventProjection(e: EventNode): unknown {
  return {
    type: 'event',
    kind: e.kind,
    nick: e.nick.text,
    rack: rackProjection(e.rack),
    coord: e.coord ? [e.coord.row, e.coord.col, e.coord.direction] : null,
    play: playProjection(e.play),
    exchanged: rackProjection(e.exchanged),
    exchangedCount: e.exchangedCount?.value ?? null,
    endRack: rackProjection(e.endRack),
    keyword: e.keyword?.value ?? null,
    score: e.score?.value ?? null,
    total: e.total?.value ?? null,
    trailing: e.trailing?.text ?? null,
    notes: e.notes.map((n) => n.text),
  };
}

function pragmaProjection(p: PragmaNode): unknown {
  const base = { type: 'pragma', name: p.name };
  switch (p.name) {
    case 'player1':
    case 'player2':
      return { ...base, nick: p.nick.text, fullName: p.fullName };
    case 'rack1':
    case 'rack2':
      return { ...base, rack: rackProjection(p.rack) };
    case 'note':
      return { ...base, text: p.note.text };
    case 'rules':
      return { ...base, edition: p.edition.value };
    case 'clock':
      return { ...base, nick: p.nick.text, seconds: p.seconds.value };
    case 'challenge':
      return { ...base, ruling: p.ruling.value, words: p.words.map((w) => w.text) };
    case 'game-end':
      return { ...base, reason: p.reason.value };
    case 'tile':
      return { ...base, upper: p.upper.text, lower: p.lower?.text ?? null };
    case 'unknown':
      return { ...base, written: p.nameToken.text, args: p.args.text };
    default:
      return { ...base, args: p.args.text };
  }
}

function lineProjection(node: LineNode, text: string): unknown {
  switch (node.type) {
    case 'event':
      return eventProjection(node);
    case 'pragma':
      return pragmaProjection(node);
    case 'error':
      return {
        type: 'error',
        messageId: node.messageId,
        args: node.args,
        text: text.slice(node.span.start.offset, node.span.end.offset).trim(),
      };
    default:
      return null;
  }
}

export function project(result: ParseResult): unknown {
  const { file } = result;
  const lines = file.lines
    .filter((l) => l.type !== 'blank' && l.type !== 'note-continuation')
    .filter((l) => !(l.type === 'pragma' && (l.name === 'character-encoding' || l.name === 'tile-notation')))
    .map((l) => lineProjection(l, file.text));
  return {
    lines,
    headerNotes: file.headerNotes.map((n) => n.text),
    problems: result.problems
      .filter((p) => p.code !== 'encoding-fallback')
      .map((p) => ({ code: p.code, messageId: p.messageId, args: p.args })),
  };
}

/** The text a span covers. */
export function slice(text: string, span: { start: { offset: number }; end: { offset: number } }): string {
  return text.slice(span.start.offset, span.end.offset);
}
