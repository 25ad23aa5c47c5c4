/**
 * The server's message writer, with its output bounded. Each message is framed (a Content-Length
 * header and the JSON body, UTF-8) and handed to the output stream at once, in order; the stream
 * holds what the client has not read yet. A client that stops reading (or never reads) would make
 * that grow without limit (hundreds of megabytes while it keeps sending requests); once more than
 * `limits.bytes` bytes or `limits.messages` messages wait, the writer stops writing and calls
 * `overflow` once (the Node entry logs one
 * line on stderr and ends the process: the client is dropped, not followed into memory).
 *
 * Invariants: messages are written in the order given; nothing is written after an overflow; the
 * promise of a write settles when the stream has taken the bytes (or failed), as the stock
 * writer's does.
 *
 * Example:
 *   const writer = new BoundedMessageWriter(process.stdout, OUTPUT_LIMITS, drop);
 *   createConnection(ProposedFeatures.all, process.stdin, writer);
 */
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver';

/** The most output the server keeps waiting for a client to read before it drops the client. */
export const OUTPUT_LIMITS = {
  /** Bytes handed to the output and not yet taken by the client. */
  bytes: 64 * 1024 * 1024,
  /** Messages handed to the output and not yet taken (many small answers weigh more than their bytes). */
  messages: 10_000,
};

/** A bound on the output waiting (OUTPUT_LIMITS). */
interface OutputLimits {
  readonly bytes: number;
  readonly messages: number;
}

/** The part of a Node writable stream the writer uses. */
interface OutputStream {
  write(chunk: Uint8Array, callback: (error?: Error | null) => void): boolean;
  /** Bytes handed to the stream and not yet taken by the other end. */
  readonly writableLength: number;
  end(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

const encoder = new TextEncoder();

export class BoundedMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private overflowed = false;
  private errors = 0;
  /** Messages written whose bytes the stream has not passed on yet. */
  private waiting = 0;

  constructor(
    private readonly stream: OutputStream,
    private readonly limits: OutputLimits,
    private readonly overflow: (pendingBytes: number, pendingMessages: number) => void,
  ) {
    super();
    stream.on('error', (error) => this.fireError(error));
    stream.on('close', () => this.fireClose());
  }

  write(msg: Message): Promise<void> {
    if (this.overflowed) return Promise.resolve();
    const body = encoder.encode(JSON.stringify(msg));
    const header = encoder.encode(`Content-Length: ${body.byteLength}\r\n\r\n`);
    const framed = new Uint8Array(header.byteLength + body.byteLength);
    framed.set(header, 0);
    framed.set(body, header.byteLength);
    this.waiting++;
    const written = new Promise<void>((resolve, reject) => {
      this.stream.write(framed, (error) => {
        this.waiting--;
        if (error) {
          this.fireError(error, msg, ++this.errors);
          reject(error);
        } else resolve();
      });
    });
    if (this.stream.writableLength > this.limits.bytes || this.waiting > this.limits.messages) {
      this.overflowed = true;
      this.overflow(this.stream.writableLength, this.waiting);
    }
    return written;
  }

  end(): void {
    this.stream.end();
  }
}
