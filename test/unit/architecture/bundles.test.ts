/**
 * What the client bundle carries: built with the build's own options (scripts/bundles.mjs), its
 * project inputs are the client's sources, the shared module (`server/src/shared/`), the atomic
 * file writer (`server/src/files/`, Node built-ins only) and the two files of `rules/` the shared
 * module may use — never the rules catalogue, the engine or the
 * service. The server bundle, built the same way, does carry them (so the check can fail). The
 * CLI's bundles carry the messages as data (scripts/bundles.mjs `messageData`), no catalogue
 * module, and that data is the catalogues' merged table; they take Node's modules as they are
 * (`nodeNamespaces`).
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { catalogJson } from '../../../server/src/rules/catalogs';
import { repoRoot } from '../../support/fixtures';

interface Bundle {
  readonly name: string;
  readonly entry: string;
  readonly outfile: string;
}
interface BundlesModule {
  readonly BUNDLES: readonly Bundle[];
  esbuildOptions(bundle: Bundle, root: string): Record<string, unknown>;
}
interface Metafile {
  readonly outputs: Record<string, { readonly bytes: number; readonly inputs: Record<string, unknown> }>;
}

/** Project files (not node_modules) that go into a bundle, relative to the repository root. */
async function projectInputs(name: string): Promise<{ inputs: string[]; bytes: number; text: string }> {
  // Loaded at run time: an ES module of the build, and esbuild itself.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a real import() that tsc's CommonJS output keeps
  const load = new Function('p', 'return import(p)') as (p: string) => Promise<unknown>;
  const { BUNDLES, esbuildOptions } = (await load(path.join(repoRoot, 'scripts/bundles.mjs'))) as BundlesModule;
  const esbuild = (await load('esbuild')) as {
    build(o: Record<string, unknown>): Promise<{ metafile: Metafile; outputFiles?: { path: string; text: string }[] }>;
  };
  const bundle = BUNDLES.find((b) => b.name === name);
  assert.ok(bundle, `no bundle ${name}`);
  const result = await esbuild.build({ ...esbuildOptions(bundle, repoRoot), write: false, metafile: true, absWorkingDir: repoRoot });
  const output = Object.values(result.metafile.outputs).find((o) => Object.keys(o.inputs).length > 0);
  assert.ok(output);
  const inputs = Object.keys(output.inputs)
    .map((f) => path.relative(repoRoot, path.resolve(repoRoot, f)).split(path.sep).join('/'))
    .filter((f) => !f.includes('node_modules/'));
  const text = result.outputFiles?.find((f) => f.path.endsWith('.js'))?.text ?? '';
  return { inputs, bytes: output.bytes, text };
}

const CLIENT_ALLOWED = [
  /^client\/src\//,
  /^server\/src\/shared\//,
  /^server\/src\/files\//,
  /^server\/src\/files\//,
  /^server\/src\/text\/client\.ts$/,
  /^server\/src\/rules\/template\.ts$/,
];

describe('architecture: bundles', function () {
  this.timeout(60000);

  it('the client bundle holds only client code, the shared module and the client texts', async () => {
    const { inputs } = await projectInputs('client');
    assert.ok(inputs.includes('client/src/extension.ts'), inputs.join(', '));
    assert.ok(inputs.includes('server/src/shared/protocol.ts'), inputs.join(', '));
    const stray = inputs.filter((f) => !CLIENT_ALLOWED.some((re) => re.test(f)));
    assert.deepEqual(stray, []);
  });

  it('the server bundle, built the same way, carries the catalogue and the engine', async () => {
    const { inputs } = await projectInputs('server');
    for (const f of ['server/src/text/findings.ts', 'server/src/engine/replay.ts', 'server/src/service/document.ts']) {
      assert.ok(inputs.includes(f), `${f} not in the server bundle`);
    }
  });

  it('the CLI bundles hold the messages as data: no catalogue module, the merged table of both languages', async () => {
    for (const name of ['cli', 'worker']) {
      const { inputs, text } = await projectInputs(name);
      assert.deepEqual(
        inputs.filter((f) => f.startsWith('server/src/text/')),
        [],
        `${name}: catalogue modules in the bundle`,
      );
      assert.ok(inputs.includes('server/src/rules/message-json.ts'), `${name}: ${inputs.join(', ')}`);
      // Node's modules taken as they are, not copied into a namespace object per importing module.
      assert.ok(text.includes('require("node:fs")'), `${name}: node:fs not required`);
      assert.doesNotMatch(text, /__toESM\(require\("node:/, `${name}: a Node module wrapped in a namespace copy`);
      // The two texts as the bundle writes them (string literals, quoted as the minifier chose).
      // esbuild picks the quote that needs the fewest escapes: a template literal once the texts
      // hold more apostrophes than backquotes (the JSON has no `${`, so it reads back the same).
      const literal = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;
      const found = new RegExp(String.raw`jsonMessageTable\(\{es:\(\)=>${literal},en:\(\)=>${literal}\}\)`).exec(text);
      assert.ok(found, `${name}: no message data`);
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- reads back a string literal of our own build
      const value = (source: string): unknown => new Function(`return ${source}`)() as unknown;
      assert.equal(value(found[1]), catalogJson('es'), `${name}: the es table is not the catalogues' merged table`);
      assert.equal(value(found[2]), catalogJson('en'), `${name}: the en table is not the catalogues' merged table`);
    }
  });
});
