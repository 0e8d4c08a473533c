// The README is the marketplace page: it keeps the two commands every contributor starts with,
// shows each picture it names in the light and the dark theme, made by the e2e runner
// (`run.mjs --screenshots-to media/screenshots`) as PNGs under 300 KB, and links only files that exist.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const MAX_BYTES = 300 * 1024;

describe('structure: the README (the marketplace page)', () => {
  it('keeps the two commands', () => {
    assert.ok(readme.includes('npm ci && npm start'), 'npm ci && npm start');
    assert.ok(readme.includes('npm ci && npm test'), 'npm ci && npm test');
  });

  it('shows every picture in both themes, as PNGs under 300 KB', () => {
    const pictures = [...readme.matchAll(/\]\((media\/screenshots\/[\w-]+)-(light|dark)\.png\)/g)].map((m) => m[1]);
    assert.ok(new Set(pictures).size >= 5, 'a picture of each main task');
    for (const name of new Set(pictures)) {
      for (const theme of ['light', 'dark']) {
        const file = path.join(ROOT, `${name}-${theme}.png`);
        assert.ok(fs.existsSync(file), `${name}-${theme}.png is missing: run node scripts/e2e/run.mjs --screenshots-to media/screenshots`);
        const png = fs.readFileSync(file);
        assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG', `${file} is not a PNG`);
        assert.ok(png.length < MAX_BYTES, `${file} is ${Math.round(png.length / 1024)} KB`);
      }
    }
  });

  it('links only files of the repository that exist', () => {
    const links = [...readme.matchAll(/\]\(((?!https?:|command:|#)[^)\s]+)\)/g)].map((m) => m[1]);
    for (const link of links) assert.ok(fs.existsSync(path.join(ROOT, link)), `README links ${link}, which does not exist`);
  });
});
