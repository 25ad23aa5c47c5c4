/**
 * `planilla lsp` refuses, in one line and with exit 2, the transports vscode-languageserver would
 * otherwise fail on with an internal error ("Connection input stream is not set", in English
 * whatever `--lang`) or end on in silence: two at once, a socket that is no port, `--node-ipc`
 * without an IPC channel. These return before the server starts, so they run in this process.
 */
import { strict as assert } from 'node:assert';
import { runCommand } from '../../../server/src/cli/shared/args';
import { lspCommand } from '../../../server/src/cli/commands/lsp';
import { captureIo } from '../report/helpers';

describe('cli: planilla lsp transports', () => {
  const cases: [string[], RegExp, RegExp][] = [
    [
      ['--socket=abc'],
      /^planilla: valor no válido para --socket: «abc» \(se admite: 1–65535\)$/,
      /^planilla: invalid value for --socket: "abc" \(allowed: 1–65535\)$/,
    ],
    [['--socket', '70000'], /--socket: «70000»/, /--socket: "70000"/],
    [['--stdio', '--socket=7000'], /^planilla lsp: un solo canal/, /^planilla lsp: one channel only/],
    [['--node-ipc', '--pipe', 'x'], /^planilla lsp: un solo canal/, /^planilla lsp: one channel only/],
    [['--node-ipc'], /^planilla lsp: --node-ipc necesita un proceso padre/, /^planilla lsp: --node-ipc needs a parent process/],
  ];
  for (const [argv, es, en] of cases) {
    it(`${argv.join(' ')}: one line in the chosen language, exit 2, nothing started`, async () => {
      assert.equal(typeof process.send, 'undefined', 'mocha runs without an IPC channel');
      for (const [lang, pattern] of [
        ['es', es],
        ['en', en],
      ] as const) {
        const c = captureIo(lang);
        assert.equal(await runCommand(lspCommand, argv, c.io), 2);
        assert.equal(c.err.length, 1, c.err.join(' | '));
        assert.match(c.err[0], pattern);
        assert.deepEqual(c.out, []);
      }
    });
  }
});
