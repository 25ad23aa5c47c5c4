/**
 * Settings: reading raw values (anything malformed falls back), the default edition against a
 * record's own #rules, severity overrides reaching the replay, the lexicon for `#lexicon NAME`,
 * and the untrusted-workspace rule for paths.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyze } from '../../../server/src/service/document';
import {
  chooseLexiconMap,
  choosePathSetting,
  DEFAULT_SETTINGS,
  hiddenCodes,
  isInsideFolders,
  lexiconSpecFor,
  readSettings,
  replayOptionsFor,
  scanHeader,
} from '../../../server/src/service/settings';
import { EXAMPLE_6, withLine } from './fixtures';
import { chooseRestrictedSetting } from '../../../server/src/shared/settings';
import { removeTempDir, tempDir } from '../../support/fixtures';

const WS = path.join(os.tmpdir(), 'planilla-ws');
const OUTSIDE = path.join(os.tmpdir(), 'elsewhere', 'list.txt');
const INSIDE = path.join(WS, 'lists', 'list.txt');

describe('service: settings', () => {
  it('reads well-formed values and ignores malformed ones', () => {
    assert.deepEqual(readSettings(undefined), DEFAULT_SETTINGS);
    assert.deepEqual(readSettings('nonsense'), DEFAULT_SETTINGS);
    const s = readSettings({
      rules: 'fise-2004',
      lexicon: ' /l.txt ',
      lexicons: { FILE2017: '/f.txt', BAD: 3 },
      lexiconExtra: '/e.txt',
      lexiconBanned: 7,
      leaves: ' mine.klv2 ',
      language: 'en',
      severity: { 'unaccepted-word': 'off', 'score-mismatch': 'warning', 'no-such-code': 'error', 'rack-inconsistent': 'loud' },
      exchangeMinimum: 7,
      analysis: { enabled: false },
    });
    assert.deepEqual(s, {
      analysisEnabled: false,
      rules: 'fise-2004',
      lexicon: '/l.txt',
      lexicons: { FILE2017: '/f.txt' },
      lexiconExtra: '/e.txt',
      lexiconBanned: '',
      leaves: 'mine.klv2',
      language: 'en',
      severity: { 'unaccepted-word': 'off', 'score-mismatch': 'warning' },
      exchangeMinimum: 7,
    });
    assert.equal(readSettings({ rules: 'scrabble', language: 'fr', exchangeMinimum: -1 }).rules, 'auto');
    assert.equal(readSettings({ exchangeMinimum: 2.5 }).exchangeMinimum, undefined);
    assert.deepEqual([...hiddenCodes(s)], ['unaccepted-word']);
  });

  it('applies the default edition only to a record without #rules', () => {
    const s = readSettings({ rules: 'fise-2001' });
    assert.equal(replayOptionsFor(s, scanHeader(EXAMPLE_6)).rules, 'fise-2001');
    assert.equal(replayOptionsFor(s, scanHeader(`#rules naspa\n${EXAMPLE_6}`)).rules, undefined);
    assert.equal(replayOptionsFor(DEFAULT_SETTINGS, scanHeader(EXAMPLE_6)).rules, undefined);
    assert.equal(analyze(EXAMPLE_6, replayOptionsFor(s, scanHeader(EXAMPLE_6))).replay.rules, 'fise-2001');
  });

  it('passes severity overrides to the replay, but not off', () => {
    const s = readSettings({ severity: { 'score-mismatch': 'hint', 'unaccepted-word': 'off' }, exchangeMinimum: 3 });
    const options = replayOptionsFor(s, scanHeader(''));
    assert.deepEqual(options, { exchangeMinimum: 3, severities: { 'score-mismatch': 'hint' } });
    const text = withLine(EXAMPLE_6, 6, '>Ana: ABILORS 8D LIBRO +18 18');
    const [finding] = analyze(text, options).findings;
    assert.equal(finding.code, 'score-mismatch');
    assert.equal(finding.severity, 'hint');
  });

  it('scans the header of text and bytes', () => {
    assert.deepEqual(scanHeader('#player1 A A\n  #lexicon FILE2017\n#rules fise\n'), { hasRules: true, lexiconName: 'FILE2017' });
    assert.deepEqual(scanHeader(Buffer.from('#lexicon NWL20\n>A: X 8H AX +9 9\n')), { hasRules: false, lexiconName: 'NWL20' });
    assert.deepEqual(scanHeader('>Ana: #rules in a move\n'), { hasRules: false });
  });

  it('picks the word list a record names, else the default one', () => {
    const s = readSettings({ lexicon: '/default.txt', lexicons: { FILE2017: '/file2017.txt' } });
    assert.equal(lexiconSpecFor(s, scanHeader(EXAMPLE_6)), '/file2017.txt');
    assert.equal(lexiconSpecFor(s, scanHeader('#lexicon OTHER\n')), '/default.txt');
    assert.equal(lexiconSpecFor(DEFAULT_SETTINGS, scanHeader('')), '');
  });

  const trustCases: {
    name: string;
    inspected: { globalValue?: string; workspaceValue?: string; workspaceFolderValue?: string };
    trusted: boolean;
    expected: string;
  }[] = [
    {
      name: 'trusted: the workspace value wins',
      inspected: { globalValue: '/user.txt', workspaceValue: OUTSIDE },
      trusted: true,
      expected: OUTSIDE,
    },
    {
      name: 'trusted: a relative path is read from the folder',
      inspected: { workspaceValue: 'lists/list.txt' },
      trusted: true,
      expected: INSIDE,
    },
    {
      name: 'untrusted: a workspace path outside the folder falls back to the user value',
      inspected: { globalValue: '/user.txt', workspaceValue: OUTSIDE },
      trusted: false,
      expected: '/user.txt',
    },
    {
      name: 'untrusted: a workspace path outside the folder, no user value',
      inspected: { workspaceFolderValue: OUTSIDE },
      trusted: false,
      expected: '',
    },
    { name: 'untrusted: ../ cannot climb out', inspected: { workspaceValue: '../elsewhere/list.txt' }, trusted: false, expected: '' },
    {
      name: 'untrusted: a path inside the folder is kept',
      inspected: { workspaceValue: 'lists/list.txt' },
      trusted: false,
      expected: INSIDE,
    },
    { name: 'untrusted: the user value is always trusted', inspected: { globalValue: OUTSIDE }, trusted: false, expected: OUTSIDE },
  ];
  for (const c of trustCases) {
    it(`path setting, ${c.name}`, () => {
      assert.equal(choosePathSetting(c.inspected, c.trusted, [WS], WS), c.expected);
    });
  }

  it('applies the trust rule to each entry of the lexicons map', () => {
    const inspected = { globalValue: { A: '/a.txt' }, workspaceValue: { A: OUTSIDE, B: 'lists/list.txt', C: OUTSIDE } };
    assert.deepEqual(chooseLexiconMap(inspected, false, [WS], WS), { A: '/a.txt', B: INSIDE });
    assert.deepEqual(chooseLexiconMap(inspected, true, [WS], WS), { A: OUTSIDE, B: INSIDE, C: OUTSIDE });
  });

  it('tells inside from outside of the workspace folders', () => {
    assert.equal(isInsideFolders(INSIDE, [WS]), true);
    assert.equal(isInsideFolders(WS, [WS]), false);
    assert.equal(isInsideFolders(`${WS}-other/x.txt`, [WS]), false);
    assert.equal(isInsideFolders(OUTSIDE, []), false);
  });
});

describe('shared/settings: untrusted workspaces', () => {
  it('a symbolic link inside the workspace that points outside it is outside', () => {
    const root = tempDir('trust');
    try {
      const work = path.join(root, 'club');
      fs.mkdirSync(work);
      fs.writeFileSync(path.join(root, 'secreto.txt'), 'casa\n');
      fs.writeFileSync(path.join(work, 'lista.txt'), 'casa\n');
      fs.symlinkSync(path.join(root, 'secreto.txt'), path.join(work, 'enlace.txt'));
      fs.symlinkSync(root, path.join(work, 'arriba'));
      assert.equal(isInsideFolders(path.join(work, 'lista.txt'), [work]), true);
      assert.equal(isInsideFolders(path.join(work, 'enlace.txt'), [work]), false);
      assert.equal(isInsideFolders(path.join(work, 'arriba', 'secreto.txt'), [work]), false);
      assert.equal(choosePathSetting({ workspaceValue: 'enlace.txt', globalValue: '' }, false, [work], work), '');
      assert.equal(choosePathSetting({ workspaceValue: 'lista.txt' }, false, [work], work), path.join(work, 'lista.txt'));
      // The workspace folder reached through a link of its own still holds its files.
      fs.symlinkSync(work, path.join(root, 'alias'));
      assert.equal(isInsideFolders(path.join(work, 'lista.txt'), [path.join(root, 'alias')]), true);
    } finally {
      removeTempDir(root);
    }
  });

  it('severity, rules and exchangeMinimum come only from user settings when untrusted', () => {
    const hostile = { workspaceValue: { 'score-mismatch': 'off' }, globalValue: undefined };
    assert.equal(chooseRestrictedSetting(hostile, false), undefined);
    assert.deepEqual(chooseRestrictedSetting(hostile, true), { 'score-mismatch': 'off' });
    assert.equal(chooseRestrictedSetting({ workspaceFolderValue: 'naspa', globalValue: 'fise' }, false), 'fise');
    assert.equal(chooseRestrictedSetting({ workspaceFolderValue: 'naspa', globalValue: 'fise' }, true), 'naspa');
    const restricted = (
      require('../../../../package.json') as { capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } } }
    ).capabilities.untrustedWorkspaces.restrictedConfigurations;
    for (const name of ['severity', 'rules', 'exchangeMinimum', 'lexicon', 'lexicons', 'lexiconExtra', 'lexiconBanned']) {
      assert.ok(restricted.includes(`planilla.${name}`), name);
    }
  });
});
