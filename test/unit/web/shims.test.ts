/**
 * The stand-ins the browser bundles use for Node's `Buffer` (web/buffer.js) and `path`
 * (web/path.ts), and the base64 helpers (shared/base64.ts), compared with Node's own on tables of
 * inputs: the browser server's answers rest on them (see browser-server.test.ts).
 */
import { strict as assert } from 'node:assert';
import * as nodePath from 'node:path';
import * as webPath from '../../../server/src/web/path';
import { decodeBase64, encodeBase64 } from '../../../server/src/shared/base64';

const { WebBuffer } = require('../../../../server/src/web/buffer.js') as { WebBuffer: any };

const TEXTS = ['', 'a', 'añ€𝄞', '#character-encoding UTF-8\n>Ana: ABC 8D CAB +7 7', 'Ñandú ĉ \u0000 end'];

describe('web: stand-ins for Node built-ins', () => {
  it('WebBuffer encodes and decodes utf8, latin1 and hex as Buffer does', () => {
    for (const text of TEXTS) {
      for (const enc of ['utf8', 'latin1', 'hex'] as const) {
        const source = enc === 'hex' ? Buffer.from(text, 'utf8').toString('hex') : text;
        const ours = WebBuffer.from(source, enc);
        const node = Buffer.from(source, enc);
        assert.deepEqual([...ours], [...node], `${enc}: ${text}`);
        for (const out of ['utf8', 'latin1', 'hex'] as const)
          assert.equal(ours.toString(out), node.toString(out), `${enc} → ${out}: ${text}`);
        assert.equal(ours.toString('utf8', 1, 3), node.toString('utf8', 1, 3));
      }
    }
  });

  it('WebBuffer views, indexOf, copy, concat and the 32-bit reads agree with Buffer', () => {
    const bytes = Buffer.from('xx#character-encoding latin1\n#character-encoding utf-8', 'latin1');
    const ours = WebBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    for (const from of [0, 1, 3, 20, -10])
      assert.equal(ours.indexOf('#character-encoding', from, 'latin1'), bytes.indexOf('#character-encoding', from, 'latin1'));
    assert.equal(ours.indexOf('nope', 0, 'latin1'), -1);
    assert.equal(ours.indexOf(0x23), bytes.indexOf(0x23));
    const a = WebBuffer.alloc(8);
    const b = Buffer.alloc(8);
    assert.equal(ours.copy(a, 2, 3, 9), bytes.copy(b, 2, 3, 9));
    assert.deepEqual([...a], [...b]);
    a.writeUInt32LE(0xdeadbeef, 4);
    b.writeUInt32LE(0xdeadbeef, 4);
    assert.deepEqual([...a], [...b]);
    assert.equal(a.readUInt32LE(4), b.readUInt32LE(4));
    assert.deepEqual([...WebBuffer.concat([a, ours])], [...Buffer.concat([b, bytes])]);
    assert.ok(WebBuffer.isBuffer(a) && !WebBuffer.isBuffer(new Uint8Array(2)));
  });

  it('web/path gives path.posix results', () => {
    const paths = ['', '/', '.', '..', 'a', 'a/', '/a/b/../c', 'a/./b//c/', '../x/y', '/w/partida.gcg', '/w/.hidden', 'x.tar.gz', '/a/b/'];
    for (const p of paths) {
      for (const fn of ['normalize', 'dirname', 'basename', 'extname', 'isAbsolute'] as const) {
        assert.deepEqual(
          (webPath[fn] as (s: string) => unknown)(p),
          (nodePath.posix[fn] as (s: string) => unknown)(p),
          `${fn}(${JSON.stringify(p)})`,
        );
      }
    }
    const pairs: [string, string][] = [
      ['/a/b', '/a/c/d'],
      ['/a', '/a'],
      ['/a/b/c', '/a'],
      ['/', '/x'],
    ];
    for (const [x, y] of pairs) assert.equal(webPath.relative(x, y), nodePath.posix.relative(x, y));
    for (const parts of [
      ['/a', 'b', '../c'],
      ['/x', '/y', 'z'],
      ['/a/', 'b/'],
    ])
      assert.equal(webPath.resolve(...parts), nodePath.posix.resolve(...parts));
    for (const parts of [
      ['a', 'b'],
      ['/a', '../b'],
      ['', 'x'],
      ['a/', '/b/'],
    ])
      assert.equal(webPath.join(...parts), nodePath.posix.join(...parts));
    assert.equal(webPath.basename('/w/partida.gcg', '.gcg'), 'partida');
  });

  it('base64 round-trips any bytes, as Buffer encodes them', () => {
    for (const size of [0, 1, 2, 3, 100, 70000]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 131 + 7) & 0xff);
      const text = encodeBase64(bytes);
      assert.equal(text, Buffer.from(bytes).toString('base64'));
      assert.deepEqual([...decodeBase64(text)], [...bytes]);
    }
  });
});
