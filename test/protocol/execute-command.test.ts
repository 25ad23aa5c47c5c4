/**
 * Every command reachable from a client that has only the protocol, doing what Neovim does: it
 * announces `workspaceEdit.documentChanges`, resource operations and `window.workDoneProgress`,
 * runs a lens's command with `workspace/executeCommand` when the server lists it in
 * `executeCommandProvider` (else Neovim says "Language server does not support command"), applies
 * `workspace/applyEdit` only when the versions match (as `vim.lsp.util.apply_workspace_edit`
 * does), and shows `window/showMessage`. A client that runs the commands itself (the VS Code
 * extension, `initializationOptions.clientCommands`) is not offered them.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { removeTempDir, repoRoot, samplesDir, tempDir } from '../support/fixtures';
import { SERVER_COMMANDS } from '../../server/src/shared/protocol';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

interface ApplyEdit {
  label?: string;
  edit: {
    documentChanges?: (
      { kind: 'create'; uri: string } | { textDocument: { uri: string; version: number | null }; edits: { newText: string }[] }
    )[];
    changes?: Record<string, unknown>;
  };
}

async function start(initializationOptions: object): Promise<{ client: LspClient; commands: string[] }> {
  const client = LspClient.start(serverModule);
  client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
  const result = await client.request<{ capabilities: { executeCommandProvider?: { commands: string[] } } }>('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {
      workspace: {
        configuration: true,
        applyEdit: true,
        workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
      },
      window: { workDoneProgress: true, showMessage: {} },
      textDocument: { codeLens: {} },
    },
    initializationOptions,
  });
  client.notify('initialized', {});
  return { client, commands: result.capabilities.executeCommandProvider?.commands ?? [] };
}

describe('protocol: every command through workspace/executeCommand, as Neovim runs it', function () {
  this.timeout(120000);
  let client: LspClient;
  let commands: string[];
  let dir: string;
  const edits: ApplyEdit[] = [];
  let version = 1;
  let uri: string;
  let text: string;

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('execute-command');
    ({ client, commands } = await start({ planilla: { language: 'en' } }));
    // Neovim's rule: an edit for another version of an open buffer is refused.
    client.onRequest('workspace/applyEdit', (params: ApplyEdit) => {
      edits.push(params);
      const stale = (params.edit.documentChanges ?? []).some(
        (c) => 'textDocument' in c && c.textDocument.uri === uri && c.textDocument.version !== null && c.textDocument.version !== version,
      );
      return { applied: !stale };
    });
    text = fs
      .readFileSync(path.join(samplesDir, 'partida-completa.gcg'), 'utf8')
      .replace(/(\+\d+ )(\d+)(\s*)$/m, (_m, s: string, t: string, e: string) => `${s}${Number(t) + 5}${e}`);
    uri = pathToFileURL(path.join(dir, 'partida.gcg')).toString();
    fs.writeFileSync(path.join(dir, 'partida.gcg'), text);
    const opened = client.waitForNotification('textDocument/publishDiagnostics', (p: { uri: string }) => p.uri === uri, 60000);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version, text } });
    await opened;
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  it('announces every command, and runs the "Deep analysis" lens with its own arguments', async () => {
    assert.deepEqual(
      [...SERVER_COMMANDS].filter((c) => !commands.includes(c)),
      [],
    );
    const lenses = await client.request<{ command?: { command: string; arguments: unknown[] } }[]>('textDocument/codeLens', {
      textDocument: { uri },
    });
    const deep = lenses.filter((l) => l.command?.command === 'planilla.deepAnalysis');
    assert.ok(deep.length > 3);
    assert.ok(commands.includes(deep[2].command!.command));
    // The lens's arguments, and a smaller search than the default (what a key binding may pass).
    const r = await client.request<{ message?: string; error?: string }>(
      'workspace/executeCommand',
      { command: 'planilla.deepAnalysis', arguments: [...deep[2].command!.arguments, { iterations: 20, candidates: 3 }] },
      120000,
    );
    assert.equal(r.error, undefined, JSON.stringify(r));
    // Told before the answer, on the same stream.
    assert.ok(client.notifications.some((n) => n.method === 'window/showMessage' && n.params.message === r.message));
    assert.ok(
      client.notifications.some((n) => n.method === '$/progress'),
      'progress reported',
    );
  });

  it('fixes all with a versioned applyEdit, and a stale one is refused and told', async () => {
    edits.length = 0;
    const r = await client.request<{ message?: string; error?: string }>('workspace/executeCommand', {
      command: 'planilla.fixAll',
      arguments: [uri],
    });
    assert.equal(r.error, undefined, JSON.stringify(r));
    assert.equal(edits.length, 1);
    const change = edits[0].edit.documentChanges![0] as { textDocument: { uri: string; version: number } };
    assert.deepEqual(change.textDocument, { uri, version });
    // The server knows the next version; the client's buffer is one further by the time the edit
    // arrives (a keystroke still on its way): the client refuses the edit and the user is told.
    const serverKnows = version + 1;
    client.notify('textDocument/didChange', { textDocument: { uri, version: serverKnows }, contentChanges: [{ text }] });
    version = serverKnows + 1;
    const told = client.waitForNotification('window/showMessage', (p: { message: string }) =>
      /changed while this was computed/.test(p.message),
    );
    const again = await client.request<{ error?: string }>('workspace/executeCommand', { command: 'planilla.fixAll', arguments: [uri] });
    assert.match(again.error ?? '', /changed while this was computed/);
    await told;
    version = serverKnows;
  });

  it('compares two sheets and exports for Woogles to a new file, never over one', async () => {
    const compared = await client.request<{ summary?: string; error?: string }>('workspace/executeCommand', {
      command: 'planilla.compare',
      arguments: [uri, uri],
    });
    assert.equal(compared.error, undefined, JSON.stringify(compared));
    edits.length = 0;
    const exported = await client.request<{ uri?: string; error?: string }>('workspace/executeCommand', {
      command: 'planilla.exportWoogles',
      arguments: [uri],
    });
    assert.equal(exported.error, undefined, JSON.stringify(exported));
    assert.equal(exported.uri, uri.replace(/\.gcg$/, '.woogles.gcg'));
    const [create, insert] = edits[0].edit.documentChanges!;
    assert.deepEqual(create, { kind: 'create', uri: exported.uri, options: { overwrite: false, ignoreIfExists: false } });
    assert.match((insert as { edits: { newText: string }[] }).edits[0].newText, /^#player1/m);
  });

  it('reconstructs from a board file named by its path (the answer told, never an exception)', async () => {
    const board = path.join(dir, 'final.cgp');
    fs.writeFileSync(board, '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0');
    const r = await client.request<{ error?: string }>('workspace/executeCommand', {
      command: 'planilla.reconstruct',
      arguments: [uri, board],
    });
    // The sample's sheet does not replay to an empty board: one line saying why.
    assert.ok(typeof r.error === 'string' && !r.error.includes('\n'), JSON.stringify(r));
    const missing = await client.request<{ error?: string }>('workspace/executeCommand', {
      command: 'planilla.reconstruct',
      arguments: [uri],
    });
    assert.ok(typeof missing.error === 'string');
  });

  it('audits the event in a folder given by its path: the tally as a message, the report in the answer', async () => {
    const r = await client.request<{ summary?: string; html?: string; error?: string }>(
      'workspace/executeCommand',
      { command: 'planilla.auditEvent', arguments: [dir] },
      60000,
    );
    assert.equal(r.error, undefined, JSON.stringify(r).slice(0, 300));
    assert.match(r.html ?? '', /<html|<section|<table/i);
    assert.ok(client.notifications.some((n) => n.method === 'window/showMessage' && n.params.message === r.summary));
  });

  it('does not offer the commands to a client that runs them itself', async () => {
    const own = await start({ clientCommands: [...SERVER_COMMANDS] });
    try {
      assert.deepEqual(
        own.commands.filter((c) => (SERVER_COMMANDS as readonly string[]).includes(c)),
        [],
      );
    } finally {
      await own.client.close();
    }
  });
});
