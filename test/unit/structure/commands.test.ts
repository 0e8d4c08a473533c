// The command ids are one typed list (src/util/commands.ts), equal to what package.json contributes,
// and no file under src/ spells a command id as a string of its own.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND } from '../../../src/util/commands';

const ROOT = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('structure: command ids', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    contributes: { commands: { command: string }[]; menus: Record<string, { command?: string }[]>; keybindings?: { command: string }[] };
  };
  const contributed = manifest.contributes.commands.map((c) => c.command).sort();

  it('lists exactly the commands package.json contributes', () => {
    assert.deepEqual(Object.values(COMMAND).sort(), contributed);
  });

  it('every menu entry and key binding names a contributed command', () => {
    const known = new Set(contributed);
    const used = [...Object.values(manifest.contributes.menus).flat(), ...(manifest.contributes.keybindings ?? [])]
      .map((m) => m.command)
      .filter((c): c is string => !!c && c.startsWith('almDefects.'));
    assert.deepEqual(
      used.filter((c) => !known.has(c)),
      [],
    );
  });

  it('no source file spells a command id itself', () => {
    const ids = new Set<string>(Object.values(COMMAND));
    const spelled = sourceFiles(path.join(ROOT, 'src'))
      .filter((f) => !f.endsWith(path.join('util', 'commands.ts')))
      .flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/['"`](almDefects\.[A-Za-z]+)['"`]/g)].filter((m) => ids.has(m[1])).map((m) => `${path.relative(ROOT, f)}: ${m[1]}`));
    assert.deepEqual(spelled, []);
  });
});
