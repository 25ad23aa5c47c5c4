/**
 * A client that never reads the server's output: the real server as a child process whose stdout
 * is never read, sent hover requests as fast as it takes them. The server must not buffer for it
 * without limit: once its bound of output waiting is passed it writes one line on stderr and
 * exits with status 1. (Before the bound it kept every answer: about 1 GB after 30 s.)
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot, samplesDir } from '../support/fixtures';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

/** One JSON-RPC message with its Content-Length header. */
function frame(message: object): Buffer {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** The process's resident memory (kB) from /proc, or undefined where there is none. */
function rssKb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

describe('protocol: a client that never reads the output is dropped', function () {
  this.timeout(120000);

  it('exits with one line on stderr once the output waiting passes its bound, its memory bounded', async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    const child = spawn(process.execPath, [serverModule, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    // The output is never read.
    child.stdout.pause();
    child.stdin.on('error', () => undefined);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let id = 1;
    const send = (message: object): boolean => child.stdin.write(frame(message));
    send({
      id: id++,
      method: 'initialize',
      params: { processId: null, rootUri: null, capabilities: {}, initializationOptions: { locale: 'en' } },
    });
    send({ method: 'initialized', params: {} });
    const uri = 'file:///unread/partida.gcg';
    const text = fs.readFileSync(path.join(samplesDir, 'partida-completa.gcg'), 'utf8');
    send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'gcg', version: 1, text } } });
    // Hovers as fast as the server takes them, up to 60 000 (a bound of 10 000 answers waiting is passed well before).
    const MAX_SENT = 60_000;
    let sent = 0;
    let peak = 0;
    let code: number | null | undefined;
    void exited.then((c) => (code = c));
    while (code === undefined && sent < MAX_SENT) {
      if (child.stdin.writableLength < 1 << 20) {
        for (let i = 0; i < 200; i++)
          send({ id: id++, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 20, character: 10 } } });
        sent += 200;
      }
      peak = Math.max(peak, rssKb(child.pid!) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Every request is in: the server has them all to answer (or has gone).
    const settled = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 30000))]);
    if (settled === 'running') child.kill();
    assert.notEqual(
      settled,
      'running',
      `the server still runs after ${sent} requests whose answers were never read (peak ${Math.round(peak / 1024)} MB)`,
    );
    assert.equal(settled, 1);
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, stderr);
    assert.match(
      lines[0],
      /^planilla lsp: the client does not read what the server sends it \(\d+ messages, [\d.]+ MB waiting\); closing the connection\.$/,
    );
    if (peak > 0) assert.ok(peak < 400 * 1024, `peak ${Math.round(peak / 1024)} MB`);
  });
});
