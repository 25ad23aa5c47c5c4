/**
 * The extension's manifest is ready for the Visual Studio Marketplace and Open VSX: the project's
 * public address (`repository`, `bugs`, `homepage`), categories and icon, the package built without
 * `--allow-missing-repository`, and a first-run walkthrough whose every step is a button running a
 * real command of the extension, in Spanish and English, with its picture packed in the `.vsix`.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../support/fixtures';

interface Step {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly media: { readonly image: string; readonly altText: string };
  readonly completionEvents: readonly string[];
}

interface Manifest {
  readonly icon: string;
  readonly categories: readonly string[];
  readonly repository?: { readonly type: string; readonly url: string };
  readonly bugs?: { readonly url: string };
  readonly homepage?: string;
  readonly contributes: {
    readonly commands: readonly { readonly command: string }[];
    readonly walkthroughs?: readonly { readonly id: string; readonly title: string; readonly steps: readonly Step[] }[];
  };
}

const read = (rel: string): string => fs.readFileSync(path.join(repoRoot, rel), 'utf8');
const manifest = JSON.parse(read('package.json')) as Manifest;
const nls: Record<'en' | 'es', Record<string, string>> = {
  en: JSON.parse(read('package.nls.json')) as Record<string, string>,
  es: JSON.parse(read('package.nls.es.json')) as Record<string, string>,
};
/** The files the `.vsix` takes (`.vscodeignore` excludes everything, then lists them). */
const packed = new Set(
  read('.vscodeignore')
    .split('\n')
    .filter((line) => line.startsWith('!'))
    .map((line) => line.slice(1).trim()),
);
const clientSource = fs
  .readdirSync(path.join(repoRoot, 'client/src'))
  .map((f) => read(`client/src/${f}`))
  .join('\n');
const localized = (value: string, lang: 'en' | 'es'): string => value.replace(/^%(.+)%$/, (_, key: string) => nls[lang][key] ?? value);

describe('the extension manifest for the stores', () => {
  it('names the public repository, the issue tracker and the home page, on the same project', () => {
    const repo = manifest.repository?.url ?? '';
    assert.match(repo, /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
    const base = repo.replace(/\.git$/, '');
    assert.equal(manifest.repository?.type, 'git');
    assert.equal(manifest.bugs?.url, `${base}/issues`);
    assert.ok(manifest.homepage?.startsWith(base), manifest.homepage);
  });

  it('has categories and an icon that is packed', () => {
    assert.ok(manifest.categories.length >= 3);
    assert.ok(fs.existsSync(path.join(repoRoot, manifest.icon)));
    assert.ok(packed.has(manifest.icon));
  });

  it('is packaged without --allow-missing-repository', () => {
    assert.doesNotMatch(read('test/e2e/tools/package.sh'), /^[^#]*--allow-missing-repository/m);
    assert.doesNotMatch(read('scripts/release.sh'), /^[^#]*--allow-missing-repository/m);
  });

  it('has a first-run walkthrough: open a sample, check, board, commented game', () => {
    const walkthroughs = manifest.contributes.walkthroughs ?? [];
    assert.equal(walkthroughs.length, 1);
    const commands = walkthroughs[0].steps.map((s) => s.completionEvents[0]?.replace(/^onCommand:/, ''));
    assert.deepEqual(commands, ['planilla.openSample', 'planilla.checkWorkspace', 'planilla.showBoard', 'planilla.exportCommented']);
  });

  for (const step of manifest.contributes.walkthroughs?.[0]?.steps ?? []) {
    it(`walkthrough step "${step.id}" runs a real command, in both languages, with its picture packed`, () => {
      const command = step.completionEvents[0].replace(/^onCommand:/, '');
      assert.ok(
        manifest.contributes.commands.some((c) => c.command === command),
        `${command} is not a contributed command`,
      );
      assert.ok(clientSource.includes(`registerCommand('${command}'`), `${command} is not registered by the client`);
      for (const lang of ['en', 'es'] as const) {
        for (const text of [step.title, step.description, step.media.altText]) {
          assert.notEqual(localized(text, lang), text, `${text} has no ${lang} text`);
        }
        // The button: a link on its own line that runs the command.
        assert.match(localized(step.description, lang), new RegExp(`\\n\\[[^\\]]+\\]\\(command:${command.replace('.', '\\.')}\\)$`));
      }
      assert.ok(fs.existsSync(path.join(repoRoot, step.media.image)), step.media.image);
      assert.ok(packed.has(step.media.image), `${step.media.image} is not in .vscodeignore's list`);
    });
  }

  it('packs the sample record the walkthrough opens', () => {
    const sample = /SAMPLE_RECORD = \[([^\]]+)\]/.exec(clientSource)?.[1];
    assert.ok(sample);
    const rel = [...sample.matchAll(/'([^']+)'/g)].map((m) => m[1]).join('/');
    assert.ok(fs.existsSync(path.join(repoRoot, rel)), rel);
    assert.ok(packed.has(rel), `${rel} is not in .vscodeignore's list`);
  });
});
