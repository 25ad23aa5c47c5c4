/**
 * A small language-protocol client for tests and benchmarks: starts a server process over stdio,
 * frames JSON-RPC messages with Content-Length headers, sends requests and notifications,
 * answers the server's requests (workspace/configuration, registrations), and waits for
 * notifications by condition — each wait bounded by a timeout, never a fixed sleep.
 *
 * Invariants: every pending request and wait is rejected if the server exits; `close()` sends
 * shutdown and exit and resolves with the exit code (killing the process only if it hangs).
 *
 * Example:
 *   const c = LspClient.start(serverModule);
 *   await c.initialize();
 *   c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
 *   const diags = await c.waitForNotification('textDocument/publishDiagnostics', (p) => p.uri === uri);
 */
import { spawn, type ChildProcess } from 'node:child_process';

type Json = unknown;
interface Message {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: Json;
  result?: Json;
  error?: { code: number; message: string };
}

interface Waiter {
  method: string;
  predicate: (params: any) => boolean;
  resolve: (params: any) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class LspClient {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void; method: string }>();
  private readonly waiters: Waiter[] = [];
  private readonly handlers = new Map<string, (params: any) => Json>();
  /** Every notification received, in order (method and params). */
  readonly notifications: { method: string; params: any }[] = [];
  stderr = '';
  private exitCode: number | null | undefined;
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => {
      child.on('exit', (code) => {
        this.exitCode = code;
        const error = new Error(`server exited (code ${code}); stderr: ${this.stderr.slice(-2000)}`);
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
        for (const w of this.waiters.splice(0)) {
          clearTimeout(w.timer);
          w.reject(error);
        }
        resolve(code);
      });
    });
    this.handlers.set('client/registerCapability', () => null);
    this.handlers.set('client/unregisterCapability', () => null);
    this.handlers.set('window/workDoneProgress/create', () => null);
    this.handlers.set('workspace/inlayHint/refresh', () => null);
    this.handlers.set('workspace/codeLens/refresh', () => null);
    this.handlers.set('window/showMessageRequest', () => null);
  }

  /** Starts `node <nodeOptions> <serverModule> --stdio <extraArgs>` (with `env` added to the environment). */
  static start(
    serverModule: string,
    extraArgs: readonly string[] = [],
    nodeOptions: readonly string[] = [],
    env: Record<string, string> = {},
  ): LspClient {
    const child = spawn(process.execPath, [...nodeOptions, serverModule, '--stdio', ...extraArgs], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    return new LspClient(child);
  }

  /** Starts `node <args>` as the server (e.g. `bin/planilla.js lsp`), speaking over its stdio. */
  static spawn(args: readonly string[]): LspClient {
    return new LspClient(spawn(process.execPath, [...args], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Answers the server's `method` requests with `handler(params)`. */
  onRequest(method: string, handler: (params: any) => Json): void {
    this.handlers.set(method, handler);
  }

  /** One message with its Content-Length header, as one buffer. */
  private static frame(message: Message): Buffer {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
  }

  private send(...messages: Message[]): void {
    this.child.stdin!.write(Buffer.concat(messages.map((m) => LspClient.frame(m))));
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const m = /Content-Length: (\d+)/i.exec(header);
      if (!m) throw new Error(`bad header from server: ${header}`);
      const length = Number(m[1]);
      const start = headerEnd + 4;
      if (this.buffer.length < start + length) return;
      const body = this.buffer.subarray(start, start + length).toString('utf8');
      this.buffer = this.buffer.subarray(start + length);
      this.dispatch(JSON.parse(body) as Message);
    }
  }

  private dispatch(message: Message): void {
    if (message.method !== undefined && message.id !== undefined) {
      const handler = this.handlers.get(message.method);
      if (handler) this.send({ jsonrpc: '2.0', id: message.id, result: handler(message.params) ?? null });
      else this.send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `unhandled ${message.method}` } });
      return;
    }
    if (message.method !== undefined) {
      this.notifications.push({ method: message.method, params: message.params });
      for (const w of [...this.waiters]) {
        if (w.method === message.method && w.predicate(message.params)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          clearTimeout(w.timer);
          w.resolve(message.params);
        }
      }
      return;
    }
    const pending = typeof message.id === 'number' ? this.pending.get(message.id) : undefined;
    if (!pending) return;
    this.pending.delete(message.id as number);
    // The error keeps its JSON-RPC code (-32800: the request was cancelled).
    if (message.error)
      pending.reject(Object.assign(new Error(`${pending.method}: ${message.error.message}`), { code: message.error.code }));
    else pending.resolve(message.result);
  }

  request<T = any>(method: string, params: Json, timeoutMs = 20000): Promise<T> {
    return this.sendRequest<T>(method, params, timeoutMs, false);
  }

  /**
   * Sends `method` and its `$/cancelRequest` in one write, so the server reads them together
   * however loaded the machine is: the request's token is cancelled before its handler can
   * finish. Resolves or rejects as the server answers.
   */
  requestThenCancel<T = any>(method: string, params: Json, timeoutMs = 20000): Promise<T> {
    return this.sendRequest<T>(method, params, timeoutMs, true);
  }

  /** Sends `method`; `cancel()` sends its `$/cancelRequest` later (a request cancelled while it runs). */
  requestCancellable<T = any>(method: string, params: Json, timeoutMs = 20000): { readonly answer: Promise<T>; cancel(): void } {
    const id = this.nextId;
    const answer = this.sendRequest<T>(method, params, timeoutMs, false);
    return { answer, cancel: () => this.notify('$/cancelRequest', { id }) };
  }

  private sendRequest<T>(method: string, params: Json, timeoutMs: number, cancel: boolean): Promise<T> {
    if (this.exitCode !== undefined) return Promise.reject(new Error(`server already exited (${this.exitCode})`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        method,
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      const request: Message = { jsonrpc: '2.0', id, method, params };
      if (cancel) this.send(request, { jsonrpc: '2.0', method: '$/cancelRequest', params: { id } });
      else this.send(request);
    });
  }

  notify(method: string, params: Json): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  /** The next notification `method` whose params satisfy `predicate` (arriving after this call). */
  waitForNotification<T = any>(method: string, predicate: (params: T) => boolean = () => true, timeoutMs = 20000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${method} notification matched in ${timeoutMs} ms; stderr: ${this.stderr.slice(-1000)}`));
      }, timeoutMs);
      const waiter: Waiter = { method, predicate, resolve, reject, timer };
      this.waiters.push(waiter);
    });
  }

  /** initialize + initialized, with the client capabilities a full editor would announce. */
  async initialize(
    options: { locale?: string; configuration?: boolean; rootUri?: string | null; initializationOptions?: Json } = {},
  ): Promise<any> {
    const result = await this.request('initialize', {
      processId: process.pid,
      rootUri: options.rootUri ?? null,
      locale: options.locale ?? 'es',
      ...(options.initializationOptions === undefined ? {} : { initializationOptions: options.initializationOptions }),
      capabilities: {
        workspace: { configuration: options.configuration ?? true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: { relatedInformation: true, versionSupport: true },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
          completion: { completionItem: { snippetSupport: false } },
        },
      },
    });
    this.notify('initialized', {});
    return result;
  }

  /** shutdown + exit; resolves with the exit code. Kills the process if it does not exit in time. */
  async close(timeoutMs = 10000): Promise<number | null> {
    if (this.exitCode !== undefined) return this.exitCode;
    try {
      await this.request('shutdown', null, timeoutMs);
      this.notify('exit', null);
    } catch {
      this.child.kill('SIGKILL');
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}
