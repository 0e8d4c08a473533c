// The manifest passes what the two marketplaces check before they list the extension, read without
// publishing: `ovsx publish` first wants a license (LICENSE file or `license` field), packages with
// vsce, and the Open VSX server then validates the metadata (name and version characters, field
// sizes, no control characters, URLs with a host, galleryBanner.theme dark|light with a color of at
// most 16 characters, qna = marketplace|false|URL); the VS Code Marketplace takes at most 30
// keywords, categories from its own list, and a PNG icon (no SVG). Sources: the ovsx CLI's
// check-license.ts and publish.ts and the Open VSX server's ExtensionValidator (eclipse/openvsx), and
// vsce's manifest validation.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file));

interface Manifest {
  name: string;
  version: string;
  displayName: string;
  description: string;
  license?: string;
  icon?: string;
  categories?: string[];
  keywords?: string[];
  homepage?: string;
  repository?: { url: string };
  bugs?: { url: string };
  qna?: string | false;
  galleryBanner?: { color?: string; theme?: string };
}

const manifest = JSON.parse(read('package.json').toString('utf8')) as Manifest;
const nls = JSON.parse(read('package.nls.json').toString('utf8')) as Record<string, string>;
/** A `%key%` placeholder as vsce writes it into the package: its English text. */
const resolved = (value: string) => value.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? value);

/** The Marketplace's categories (vsce's list). */
const CATEGORIES = [
  'AI',
  'Azure',
  'Chat',
  'Data Science',
  'Debuggers',
  'Education',
  'Extension Packs',
  'Formatters',
  'Keymaps',
  'Language Packs',
  'Linters',
  'Machine Learning',
  'Notebooks',
  'Other',
  'Programming Languages',
  'SCM Providers',
  'Snippets',
  'Testing',
  'Themes',
  'Visualization',
];

const isUrl = (value: string): boolean => {
  try {
    return new URL(value.replace(/^git\+/, '')).host !== '';
  } catch {
    return false;
  }
};

/** Open VSX refuses control, format, unassigned, private-use and separator characters. */
const badCharacter = (value: string) => /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Zl}\p{Zp}]/u.test(value);

describe('structure: marketplace metadata (Open VSX and VS Code Marketplace checks)', () => {
  it('has a license file that the package ships, and a license field', () => {
    assert.ok(fs.existsSync(path.join(ROOT, 'LICENSE')), 'LICENSE is missing: ovsx refuses an unlicensed extension');
    assert.ok(manifest.license, 'package.json has no "license"');
    assert.match(read('.vscodeignore').toString('utf8'), /^!LICENSE$/m, '.vscodeignore must keep LICENSE in the package');
  });

  it('uses a name and version Open VSX accepts', () => {
    assert.match(manifest.name, /^[\w\-+$~]+$/);
    assert.match(manifest.version, /^[\p{L}\p{N}$+\-,.:;_]+$/u);
  });

  it('keeps displayName, description, keywords and categories within Open VSX limits and characters', () => {
    const displayName = resolved(manifest.displayName);
    const description = resolved(manifest.description);
    assert.ok(displayName.length > 0 && displayName.length <= 255, `displayName: ${displayName}`);
    assert.ok(description.length > 0 && description.length <= 2048, 'description length');
    for (const value of [displayName, description, ...(manifest.keywords ?? []), ...(manifest.categories ?? [])]) {
      assert.ok(value.length <= 255 && !badCharacter(value), `invalid value: ${JSON.stringify(value)}`);
    }
  });

  it('has keywords people search for, at most 30, and Marketplace categories', () => {
    const keywords = manifest.keywords ?? [];
    assert.ok(keywords.length <= 30, `${keywords.length} keywords; the Marketplace takes 30`);
    for (const wanted of ['ALM', 'Quality Center', 'OpenText', 'Application Quality Management', 'defects']) assert.ok(keywords.includes(wanted), `keyword ${wanted}`);
    assert.ok((manifest.categories ?? []).length > 0, 'no categories');
    for (const c of manifest.categories ?? []) assert.ok(CATEGORIES.includes(c), `unknown category ${c}`);
  });

  it('links homepage, repository, bugs and Q&A with real URLs', () => {
    for (const [field, value] of [
      ['homepage', manifest.homepage],
      ['repository', manifest.repository?.url],
      ['bugs', manifest.bugs?.url],
    ] as const) {
      assert.ok(value && isUrl(value), `${field}: ${String(value)}`);
    }
    const qna = manifest.qna;
    assert.ok(qna === 'marketplace' || qna === false || (typeof qna === 'string' && isUrl(qna)), `qna: ${String(qna)}`);
  });

  it('has a gallery banner Open VSX accepts', () => {
    const banner = manifest.galleryBanner;
    assert.ok(banner, 'no galleryBanner');
    assert.ok(banner.theme === 'dark' || banner.theme === 'light', `galleryBanner.theme: ${String(banner.theme)}`);
    assert.ok(banner.color && banner.color.length <= 16 && !badCharacter(banner.color), `galleryBanner.color: ${String(banner.color)}`);
  });

  it('has a PNG icon of at least 128 × 128 pixels', () => {
    assert.ok(manifest.icon, 'no icon');
    const png = read(manifest.icon);
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG', 'the icon must be a PNG (the Marketplace refuses SVG)');
    // The IHDR chunk: width and height as big-endian 32-bit integers at bytes 16 and 20.
    assert.ok(png.readUInt32BE(16) >= 128 && png.readUInt32BE(20) >= 128, 'the icon is smaller than 128 × 128');
  });
});
