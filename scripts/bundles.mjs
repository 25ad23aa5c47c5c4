// The esbuild bundles of the extension, in one place for the build (scripts/build.mjs) and for the
// test that checks what the client bundle holds (test/unit/architecture/bundles.test.ts).
// Invariant: the client bundles leave out only `vscode` (given by the editor); the server bundles
// carry every runtime dependency, so the .vsix needs no node_modules.
// Usage: `import { BUNDLES, esbuildOptions } from './bundles.mjs'; await esbuild.build(esbuildOptions(BUNDLES[0], root));`
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Each bundle: its entry, its output file, and the platform it runs on. */
export const BUNDLES = [
  { name: 'client', entry: 'client/src/extension.ts', outfile: 'dist/client.js', platform: 'node', external: ['vscode'] },
  { name: 'server', entry: 'server/src/server.ts', outfile: 'dist/server.js', platform: 'node', external: [] },
  // The `planilla` command (bin/planilla.js prefers it to out/: one file loads faster than ~80
  // modules) and the worker threads of `check --jobs`, which batch.ts finds beside it.
  // Both carry the messages as data (messageData below), not as the catalogues' modules.
  { name: 'cli', entry: 'server/src/cli.ts', outfile: 'dist/cli.js', platform: 'node', external: [], messageData: true },
  { name: 'worker', entry: 'server/src/cli/worker.ts', outfile: 'dist/worker.js', platform: 'node', external: [], messageData: true },
  // The editor's endgame ("Analizar a fondo" with the bag empty), which the server finds beside it.
  { name: 'endgame-worker', entry: 'server/src/lsp/endgame-worker.ts', outfile: 'dist/endgame-worker.js', platform: 'node', external: [] },
  // VS Code for the Web: the client in the web extension host, the server in a web worker.
  {
    name: 'browser-client',
    entry: 'client/src/browser.ts',
    outfile: 'dist/browser-client.js',
    platform: 'browser',
    format: 'cjs',
    external: ['vscode'],
  },
  {
    name: 'browser-server',
    entry: 'server/src/server-browser.ts',
    outfile: 'dist/browser-server.js',
    platform: 'browser',
    format: 'iife',
    external: [],
  },
];

/** Node modules the browser server's modules import, and what stands for them there (server/src/web/). */
const BROWSER_ALIASES = {
  'node:path': 'server/src/web/path.ts',
  'node:fs': 'server/src/web/node-builtins.ts',
  'node:os': 'server/src/web/node-builtins.ts',
  'node:crypto': 'server/src/web/node-builtins.ts',
  'node:url': 'server/src/web/node-builtins.ts',
  'node:worker_threads': 'server/src/web/node-builtins.ts',
};

/**
 * For the CLI's bundles: `server/src/rules/message-table.ts` made of the merged message table as
 * data, one ASCII JSON text per language (`catalogJson`, rules/catalogs.ts, compiled here from the
 * sources by esbuild itself), each returned by a function that `jsonMessageTable`
 * (rules/message-json.ts) calls and parses on the first message of its language. The bundle then
 * holds no catalogue module: a start evaluates no catalogue and merges nothing.
 */
function messageData(root) {
  return {
    name: 'message-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]server[\\/]src[\\/]rules[\\/]message-table\.ts$/ }, async (args) => {
        const compiled = await build.esbuild.build({
          entryPoints: [join(root, 'server/src/rules/catalogs.ts')],
          bundle: true,
          write: false,
          platform: 'node',
          format: 'cjs',
          target: 'node20',
          logLevel: 'silent',
        });
        const module = { exports: {} };
        new Function('module', 'exports', compiled.outputFiles[0].text)(module, module.exports);
        const { catalogJson } = module.exports;
        return {
          loader: 'js',
          resolveDir: dirname(args.path),
          contents:
            '// The merged message table as data (scripts/bundles.mjs messageData): one JSON text per language.\n' +
            "import { jsonMessageTable } from './message-json';\n" +
            `export const messageTemplate = jsonMessageTable({ es: () => ${JSON.stringify(catalogJson('es'))}, en: () => ${JSON.stringify(catalogJson('en'))} });\n`,
        };
      });
    },
  };
}

/**
 * For the CLI's bundles: `import * as fs from 'node:fs'` (of a Node module) read as
 * `import fs = require('node:fs')`. esbuild otherwise wraps each such import in a namespace
 * object that copies every export of the module as a getter (`__toESM`), once per importing
 * module at start (26 of them) and a getter call per use; Node's own module object has the same
 * names, and no module reads a `default` of a Node module.
 */
function nodeNamespaces() {
  return {
    name: 'node-namespaces',
    setup(build) {
      build.onLoad({ filter: /[\\/]server[\\/]src[\\/].*\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        return {
          loader: 'ts',
          contents: text.replace(/^import \* as ([A-Za-z_$][\w$]*) from '(node:[a-z0-9_/]+)';$/gm, "import $1 = require('$2');"),
        };
      });
    },
  };
}

/** The esbuild options of one bundle, paths resolved from the repository root. */
export function esbuildOptions(bundle, root) {
  return {
    entryPoints: [join(root, bundle.entry)],
    outfile: join(root, bundle.outfile),
    bundle: true,
    platform: bundle.platform,
    ...(bundle.platform === 'node' ? { target: 'node20', format: 'cjs' } : { target: 'es2022', format: bundle.format ?? 'cjs' }),
    external: bundle.external,
    ...(bundle.messageData ? { plugins: [messageData(root), nodeNamespaces()] } : {}),
    ...(bundle.platform === 'browser'
      ? {
          alias: Object.fromEntries(Object.entries(BROWSER_ALIASES).map(([from, to]) => [from, join(root, to)])),
          inject: [join(root, 'server/src/web/buffer.js')],
          define: { 'process.env.PLANILLA_FAST_READER': 'undefined' },
          mainFields: ['browser', 'module', 'main'],
        }
      : {}),
    // Whitespace and syntax only: names stay readable in the stack traces the server logs.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    logLevel: 'warning',
  };
}
