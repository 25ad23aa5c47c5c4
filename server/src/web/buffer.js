/**
 * The part of Node's `Buffer` the analysis reaches, for the browser bundles (esbuild injects
 * it as the global `Buffer` there; Node's own is used everywhere else): views over bytes, text in
 * utf8 / latin1 / hex, `indexOf` of a latin1 string, `copy`, `alloc`.
 *
 * Invariants: a `WebBuffer` is a Uint8Array; methods not listed here do not exist (calling one
 * is a TypeError that the server's guards turn into a logged failure, not a crash); test/unit/web
 * compares each method with Node's Buffer.
 *
 * Example:
 *   WebBuffer.from('añ', 'utf8').toString('hex');   // '61c3b1'
 */
// Plain JavaScript: a Uint8Array subclass with Node's static `from` does not type-check in TypeScript.
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8');
function encode(text, encoding = 'utf8') {
  switch (encoding) {
    case 'hex': {
      const out = new Uint8Array(Math.floor(text.length / 2));
      for (let i = 0; i < out.length; i++) {
        const byte = parseInt(text.slice(2 * i, 2 * i + 2), 16);
        if (Number.isNaN(byte)) return out.subarray(0, i);
        out[i] = byte;
      }
      return out;
    }
    case 'latin1':
    case 'binary':
    case 'ascii': {
      const out = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 255;
      return out;
    }
    default:
      return utf8Encoder.encode(text);
  }
}
class WebBuffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') {
      const bytes = encode(value, encodingOrOffset);
      return new WebBuffer(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer)) {
      const offset = typeof encodingOrOffset === 'number' ? encodingOrOffset : 0;
      return new WebBuffer(value, offset, length ?? value.byteLength - offset);
    }
    const copy = new WebBuffer(value.length);
    copy.set(value);
    return copy;
  }
  static alloc(size) {
    return new WebBuffer(size);
  }
  static allocUnsafe(size) {
    return new WebBuffer(size);
  }
  static isBuffer(value) {
    return value instanceof WebBuffer;
  }
  static concat(list, total) {
    const size = total ?? list.reduce((n, b) => n + b.length, 0);
    const out = new WebBuffer(size);
    let at = 0;
    for (const b of list) {
      if (at >= size) break;
      out.set(b.subarray(0, size - at), at);
      at += b.length;
    }
    return out;
  }
  toString(encoding = 'utf8', start = 0, end = this.length) {
    const bytes = this.subarray(Math.max(0, start), Math.min(this.length, end));
    switch (encoding) {
      case 'hex':
        return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      case 'latin1':
      case 'binary':
      case 'ascii': {
        let out = '';
        for (let i = 0; i < bytes.length; i += 32768) out += String.fromCharCode(...bytes.subarray(i, i + 32768));
        return encoding === 'ascii' ? out.replace(/[\u0080-\u00ff]/g, (c) => String.fromCharCode(c.charCodeAt(0) & 127)) : out;
      }
      default:
        return utf8Decoder.decode(bytes);
    }
  }
  indexOf(value, from = 0, encoding = 'utf8') {
    const needle = typeof value === 'number' ? Uint8Array.of(value & 255) : typeof value === 'string' ? encode(value, encoding) : value;
    const start = from < 0 ? Math.max(0, this.length + from) : from;
    if (needle.length === 0) return Math.min(start, this.length);
    outer: for (let i = start; i <= this.length - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }
  copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    const bytes = this.subarray(sourceStart, Math.min(sourceEnd, sourceStart + (target.length - targetStart)));
    target.set(bytes, targetStart);
    return bytes.length;
  }
  write(text, offset = 0, encoding = 'utf8') {
    const bytes = encode(text, encoding).subarray(0, this.length - offset);
    this.set(bytes, offset);
    return bytes.length;
  }
  readUInt32LE(offset = 0) {
    return (this[offset] | (this[offset + 1] << 8) | (this[offset + 2] << 16)) + this[offset + 3] * 16777216;
  }
  writeUInt32LE(value, offset = 0) {
    this[offset] = value & 255;
    this[offset + 1] = (value >>> 8) & 255;
    this[offset + 2] = (value >>> 16) & 255;
    this[offset + 3] = (value >>> 24) & 255;
    return offset + 4;
  }
  equals(other) {
    return other.length === this.length && this.every((b, i) => b === other[i]);
  }
}
export { WebBuffer as Buffer, WebBuffer };
