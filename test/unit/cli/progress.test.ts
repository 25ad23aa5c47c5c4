/**
 * The terminal progress bar (cli/shared/progress.ts): nothing on a stream that is not a terminal,
 * nothing in the first second, the share and the label once drawn, at most ten redraws a second,
 * erased by `done()` and silent after it, a label's control characters shown as escapes.
 */
import * as assert from 'node:assert/strict';
import { progressBar } from '../../../server/src/cli/shared/progress';

function fake(isTTY: boolean): { stream: { isTTY: boolean; write(s: string): void }; text: () => string; writes: () => number } {
  const parts: string[] = [];
  return { stream: { isTTY, write: (s: string) => void parts.push(s) }, text: () => parts.join(''), writes: () => parts.length };
}

describe('cli: progress bar', () => {
  it('draws on a terminal after a second only, at most ten times a second, and erases itself', () => {
    let clock = 0;
    const out = fake(true);
    const bar = progressBar({ stream: out.stream, now: () => clock, width: 10 });
    bar.update(0.1, 'early');
    assert.equal(out.writes(), 0, 'nothing in the first second');
    clock = 1200;
    bar.update(0.5, '5 / 10');
    assert.equal(out.text(), '\r[#####.....] 50 % 5 / 10');
    clock = 1250;
    bar.update(0.6, 'too soon');
    assert.equal(out.writes(), 1, 'no redraw within 100 ms');
    clock = 1400;
    bar.update(undefined, 'x\u001b[2J');
    assert.match(out.text(), /\rx\\x1b\[2J {10,}$/);
    bar.done();
    assert.ok(out.text().endsWith('\r'));
    const n = out.writes();
    clock = 5000;
    bar.update(1, 'after');
    bar.done();
    assert.equal(out.writes(), n, 'silent after done');
  });

  it('writes nothing to a stream that is not a terminal, nor when never drawn', () => {
    let clock = 0;
    const pipe = fake(false);
    const bar = progressBar({ stream: pipe.stream, now: () => clock });
    clock = 5000;
    bar.update(0.5, 'half');
    bar.done();
    assert.equal(pipe.writes(), 0);
    const tty = fake(true);
    const quick = progressBar({ stream: tty.stream, now: () => 0 });
    quick.update(1, 'done');
    quick.done();
    assert.equal(tty.writes(), 0);
  });
});
