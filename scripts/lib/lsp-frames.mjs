// The language server protocol's framing for the scripts that drive `dist/server.js` over stdio:
// `Content-Length: N` headers, then N bytes of JSON.
//
// Invariants: a message split over several chunks, or several messages in one chunk, are each
// handed on once, whole and in order.
//
// Example:
//   child.stdout.on('data', frameReader((message) => console.log(message.method)));
//   child.stdin.write(frame({ id: 1, method: 'initialize', params: {} }));

/** One JSON-RPC message as its bytes on the wire (`jsonrpc: '2.0'` added). */
export function frame(message) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
}

/** A `data` listener that hands each whole message read from the stream to `onMessage`. */
export function frameReader(onMessage) {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
      buffer = buffer.subarray(end + 4 + length);
      onMessage(message);
    }
  };
}
