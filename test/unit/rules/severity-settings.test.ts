/**
 * The `planilla.severity` setting that package.json declares (what the editor offers and
 * validates) is the rules registry's finding codes, in their order, each taking a severity or
 * `off`: a code added to the registry without its setting, or a setting left for a code that is
 * gone, fails here with the code named.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULES } from '../../../server/src/rules/registry';
import { FINDING_CODES, SEVERITIES } from '../../../server/src/rules/types';
import { repoRoot } from '../../support/fixtures';

interface SettingSchema {
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly properties?: Record<string, SettingSchema>;
  readonly additionalProperties?: boolean;
}

function severitySetting(): SettingSchema {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, SettingSchema> } | { properties: Record<string, SettingSchema> }[] };
  };
  const sections = [manifest.contributes.configuration].flat();
  const found = sections.map((s) => s.properties['planilla.severity']).find((s) => s !== undefined);
  assert.ok(found, 'package.json declares no planilla.severity');
  return found;
}

describe('rules: the planilla.severity setting is the registry', () => {
  it('lists every finding code of the registry, in its order, and no other', () => {
    const setting = severitySetting();
    assert.equal(setting.type, 'object');
    assert.equal(setting.additionalProperties, false);
    const declared = Object.keys(setting.properties ?? {});
    const missing = FINDING_CODES.filter((c) => !declared.includes(c));
    const extra = declared.filter((c) => !(FINDING_CODES as readonly string[]).includes(c));
    assert.deepEqual(
      { missing, extra },
      { missing: [], extra: [] },
      'package.json planilla.severity differs from rules/types.ts FINDING_CODES',
    );
    assert.deepEqual(declared, [...FINDING_CODES]);
    assert.deepEqual(Object.keys(RULES).sort(), [...FINDING_CODES].sort());
  });

  it('takes for each code one of the severities or off', () => {
    for (const [code, schema] of Object.entries(severitySetting().properties ?? {})) {
      assert.deepEqual(schema, { type: 'string', enum: [...SEVERITIES, 'off'] }, code);
    }
  });
});
