/**
 * `moves --stdin` as a bounded stream (cli/shared/line-stream.ts, docs/robustness.md "Streams"): input
 * is pulled only as fast as answers are taken (a reader whose buffer is full stops the reading),
 * a line nesting its JSON 5 000 deep or longer than the line cap gets its one error answer and
 * the stream goes on, CRLF and blank lines are as before; an answer listing every move is written
 * in bounded pieces whose bytes are those of the whole answer. Memory under a slow reader is measured
 * by scripts/bench/stdin-memory.mjs (a figure, not a test).
 */
import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { boundedLines, jsonDeeperThan, MAX_JSON_DEPTH, MAX_LINE_BYTES } from '../../../server/src/cli/shared/line-stream';
import type { CliIo } from '../../../server/src/cli/shared/io';

const EMPTY_BOARD = Array.from({ length: 15 }, () => '.'.repeat(15));
const position = (id: number): string => JSON.stringify({ id, board: EMPTY_BOARD, rack: 'AEI', top: 1 });

function collector(lang: 'es' | 'en' = 'en'): CliIo & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (t) => lines.push(t), err: (t) => lines.push(`ERR ${t}`), lang, tty: false };
}

const answers = (io: { lines: string[] }): { id: unknown; error?: string; count?: number }[] =>
  io.lines.map((l) => JSON.parse(l) as { id: unknown; error?: string; count?: number });

describe('cli/line-stream: moves --stdin as a bounded stream', () => {
  it('a line whose JSON nests 5 000 deep gets one error answer and the stream goes on', async () => {
    const deepArray = `{"id":${'['.repeat(5000)}${']'.repeat(5000)},"board":[],"rack":"A"}`;
    const deepObject = `{"id":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)},"rack":"A"}`;
    const io = collector();
    const input = Readable.from([[position(1), deepArray, deepObject, position(2)].join('\n')]);
    assert.equal(await runMoves(['--stdin'], io, { stdin: input }), 0);
    const got = answers(io);
    assert.equal(got.length, 4, io.lines.join('\n'));
    assert.deepEqual(
      got.map((a) => a.id),
      [1, null, null, 2],
    );
    assert.equal(got[0].count, got[3].count);
    assert.match(got[1].error ?? '', new RegExp(`more than ${MAX_JSON_DEPTH} levels deep`));
    assert.equal(got[2].error, got[1].error);
  });

  it('a line longer than the cap gets one error answer, without being kept; the next line is answered', async () => {
    const io = collector('es');
    const long = `{"id":1,"x":"${'a'.repeat(MAX_LINE_BYTES + 10)}"}`;
    // In pieces, as a pipe delivers it.
    const pieces = [long.slice(0, 70000), long.slice(70000, 900000), `${long.slice(900000)}\n${position(2)}\r\n`];
    assert.equal(await runMoves(['--stdin'], io, { stdin: Readable.from(pieces.map((p) => Buffer.from(p))) }), 0);
    const got = answers(io);
    assert.equal(got.length, 2);
    assert.equal(got[0].id, null);
    assert.match(got[0].error ?? '', /más de 1.048.576 bytes|más de 1 048 576 bytes|más de 1048576 bytes/);
    assert.equal(got[1].id, 2);
  });

  it('reads no further while the reader of the answers has not drained its buffer (backpressure)', async () => {
    let pulled = 0;
    const total = 200;
    const input = new Readable({
      highWaterMark: 16,
      read() {
        pulled++;
        this.push(pulled <= total ? `${position(pulled)}\n` : null);
      },
    });
    let release: () => void = () => undefined;
    let waiting = false;
    const io: CliIo & { lines: string[] } = {
      ...collector(),
      drained: () => {
        if (io.lines.length !== 3) return undefined;
        waiting = true;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const done = runMoves(['--stdin'], io, { stdin: input });
    for (let i = 0; i < 50 && !waiting; i++) await new Promise((r) => setTimeout(r, 5));
    assert.ok(waiting, 'the stream never waited for the reader');
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
    assert.equal(io.lines.length, 3);
    assert.ok(pulled <= 6, `read ${pulled} lines ahead of a reader that took 3`);
    release();
    assert.equal(await done, 0);
    assert.equal(io.lines.length, total);
    assert.deepEqual(
      answers(io).map((a) => a.id),
      Array.from({ length: total }, (_, i) => i + 1),
    );
  });

  it('writes an answer listing every move in bounded pieces, waiting for the reader between them; the bytes are the whole answer', async () => {
    const rack = { board: EMPTY_BOARD, rack: 'AEIRS?' };
    const lines = [
      JSON.stringify({ id: 'all', ...rack, all: true }),
      // The same list through the top-N path (a top larger than the count, counted): the reference.
      JSON.stringify({ id: 'all', ...rack, top: 999999, count: true }),
      JSON.stringify({ id: 'after', ...rack, top: 1 }),
    ];
    const pieces: string[] = [];
    let waits = 0;
    const io: CliIo & { lines: string[] } = {
      ...collector(),
      piece: (t) => pieces.push(t),
      drained: () => {
        // Every other piece finds the reader's buffer full.
        if (pieces.length % 2 === 1) return undefined;
        waits++;
        return new Promise<void>((resolve) => setTimeout(resolve, 1));
      },
    };
    assert.equal(await runMoves(['--stdin'], io, { stdin: Readable.from([lines.join('\n')]) }), 0);
    // The list in pieces (its line break the last one), the others as whole lines.
    assert.equal(io.lines.length, 2);
    const whole = pieces.join('');
    assert.equal(whole, `${io.lines[0]}\n`);
    assert.equal(pieces.at(-1), '\n');
    const count = (JSON.parse(io.lines[0]) as { count: number }).count;
    assert.ok(count > 5000, `${count} moves`);
    assert.ok(pieces.length >= count / 1000, `${pieces.length} pieces for ${count} moves`);
    assert.ok(Math.max(...pieces.map((p) => p.length)) < 100_000, 'a piece longer than 100 000 characters');
    assert.ok(waits > 1);
    assert.equal((JSON.parse(io.lines[1]) as { id: string }).id, 'after');
  });

  it('boundedLines: CRLF, a last line with no newline, blank lines; jsonDeeperThan ignores brackets in strings', async () => {
    const lines: unknown[] = [];
    for await (const line of boundedLines(Readable.from([Buffer.from('a\r\n\nb'), Buffer.from('c\nd')]))) lines.push(line);
    assert.deepEqual(lines, ['a', '', 'bc', 'd']);
    assert.equal(jsonDeeperThan('{"a":"[[[[[[[["}', 2), false);
    assert.equal(jsonDeeperThan('{"a":"\\"[[[["}', 2), false);
    assert.equal(jsonDeeperThan('[[[1]]]', 2), true);
    assert.equal(jsonDeeperThan('[[1],[2],[3]]', 2), false);
  });
});
