// `npm run l10n:missing-de`: prints, as JSON, the keys of package.nls.json and l10n/bundle.l10n.json
// that a translation (default German, `de`) lacks, and the keys it has that English no longer has,
// so whoever adds strings can hand exactly those to a translator. Exits 1 when anything is missing.
// test/unit/l10n/german.test.ts fails on the same keys.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const lang = process.argv[2] ?? 'de';
const pairs = [
  ['package.nls.json', `package.nls.${lang}.json`],
  ['l10n/bundle.l10n.json', `l10n/bundle.l10n.${lang}.json`],
];

const read = (file) => (existsSync(join(root, file)) ? JSON.parse(readFileSync(join(root, file), 'utf8')) : {});
const report = { missing: {}, stale: {} };
for (const [english, translated] of pairs) {
  const source = read(english);
  const target = read(translated);
  // The English text beside each missing key, so the list can be translated as it stands.
  report.missing[translated] = Object.fromEntries(
    Object.keys(source)
      .filter((k) => typeof target[k] !== 'string' || target[k] === '')
      .map((k) => [k, typeof source[k] === 'string' ? source[k] : source[k].message]),
  );
  report.stale[translated] = Object.keys(target).filter((k) => !(k in source));
}
console.log(JSON.stringify(report, null, 2));
process.exitCode = Object.values(report.missing).some((m) => Object.keys(m).length > 0) ? 1 : 0;
