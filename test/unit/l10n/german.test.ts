// The German translation is complete and reads as ALM's own German UI does: every key of
// package.nls.json and l10n/bundle.l10n.json has a German text with the same placeholders and
// command links, nothing stale is left, and ALM's terms are the ones its German client uses
// (Fehler for defect, Schweregrad, Zugewiesen an…). Strings added without a translation fail here
// by key; `npm run l10n:missing-de` prints them with their English text as JSON.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
type Bundle = Record<string, string | { message: string }>;
const read = (path: string): Bundle => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Bundle;
const text = (v: string | { message: string }) => (typeof v === 'string' ? v : v.message);

const PAIRS = [
  ['package.nls.json', 'package.nls.de.json'],
  ['l10n/bundle.l10n.json', 'l10n/bundle.l10n.de.json'],
] as const;

/** ALM's German client: the English label and its German term, where the bundle has the label alone. */
const GLOSSARY: Record<string, string> = {
  Defects: 'Fehler',
  'My Defects': 'Meine Fehler',
  Severity: 'Schweregrad',
  Priority: 'Priorität',
  Status: 'Status',
  'Assigned To': 'Zugewiesen an',
  'Detected By': 'Entdeckt von',
  'Detected On': 'Entdeckt am',
  'Target Release': 'Zielrelease',
  release: 'Release',
  cycle: 'Zyklus',
  Summary: 'Zusammenfassung',
  Attachments: 'Anhänge',
  History: 'Verlauf',
  Links: 'Verknüpfungen',
};

const placeholders = (s: string) => [...s.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();
const commandLinks = (s: string) => [...s.matchAll(/\]\((command:[^)]+)\)/g)].map((m) => m[1]).sort();

describe('l10n: the German translation', () => {
  for (const [english, german] of PAIRS) {
    it(`translates every key of ${english} in ${german}`, () => {
      const source = read(english);
      const target = read(german);
      const missing = Object.keys(source).filter((k) => typeof target[k] !== 'string' || target[k] === '');
      assert.deepEqual(missing, [], `${missing.length} key(s) of ${english} have no German text in ${german} (npm run l10n:missing-de lists them):\n${JSON.stringify(missing, null, 2)}`);
      const stale = Object.keys(target).filter((k) => !(k in source));
      assert.deepEqual(stale, [], `${german} holds keys ${english} no longer has`);
    });

    it(`keeps the placeholders and command links of ${english}`, () => {
      const source = read(english);
      const target = read(german);
      const wrong = Object.keys(source).filter(
        (k) =>
          typeof target[k] === 'string' &&
          (placeholders(text(source[k])).join() !== placeholders(text(target[k])).join() || commandLinks(text(source[k])).join() !== commandLinks(text(target[k])).join()),
      );
      assert.deepEqual(wrong, [], 'these translations lose or add a {n} placeholder or a command link');
    });
  }

  it("uses ALM's German terms for defects and their fields", () => {
    const bundle = read('l10n/bundle.l10n.de.json');
    for (const [english, german] of Object.entries(GLOSSARY)) assert.equal(bundle[english], german, `“${english}”`);
    const nls = read('package.nls.de.json');
    assert.match(text(nls['command.reportDefect.title']), /Fehler/);
  });
});
