// The .vsix that `npm run package` builds: vsce packs only what .vscodeignore lets through, and the
// VS Code server's `--install-extension` installs it. Packs the bundles this run built (the package
// script's --production build differs only in minification) into a temporary folder.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ui } from './context';

/** Files the package may hold, relative to the installed extension folder. */
const ALLOWED = [
  /^package\.json$/,
  /^package\.nls(\.[a-z-]+)?\.json$/i,
  /^l10n\/bundle\.l10n(\.[a-z-]+)?\.json$/i,
  /^readme\.md$/i,
  /^changelog\.md$/i,
  /^LICENSE(\.txt)?$/,
  /^\.vsixmanifest$/,
  /^media\/[^/]+$/,
  // The walkthrough's pictures; the README's screenshots stay out (the marketplace takes them from the repository).
  /^media\/walkthrough\/[^/]+\.svg$/,
  /^dist\/extension\.js$/,
  /^dist\/llhttp(_simd)?\.wasm$/,
  /^dist\/webview\/.+\.(js|css)$/,
];
const REQUIRED = [
  'package.json',
  'package.nls.json',
  'l10n/bundle.l10n.json',
  'dist/extension.js',
  'dist/llhttp_simd.wasm',
  'dist/llhttp.wasm',
  'media/alm.svg',
  'readme.md',
  'changelog.md',
  'LICENSE.txt',
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).replace(/\\/g, '/'));
}

describe('package: alm-defects.vsix', function () {
  this.timeout(120_000);
  let work: string;
  let vsix: string;
  let extensionsDir: string;
  let manifest: { publisher: string; name: string; version: string };

  before(() => {
    const { repoRoot } = ui();
    work = mkdtempSync(join(tmpdir(), 'alm-vsix-'));
    vsix = join(work, 'alm-defects.vsix');
    extensionsDir = join(work, 'extensions');
    manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as typeof manifest;
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  function vscodeCli(...args: string[]): string {
    const { vscodeServer } = ui();
    return execFileSync(
      vscodeServer.node,
      [
        vscodeServer.serverMain,
        '--accept-server-license-terms',
        '--extensions-dir',
        extensionsDir,
        '--server-data-dir',
        join(work, 'server-data'),
        '--user-data-dir',
        join(work, 'user-data'),
        ...args,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
  }

  it('is built by vsce', () => {
    const { repoRoot } = ui();
    const vsce = join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
    const out = execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 90_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    assert.match(out, /Packaged:/);
  });

  it('installs into the VS Code server with --install-extension', () => {
    const out = vscodeCli('--install-extension', vsix);
    assert.match(out, /successfully installed/);
    const listed = vscodeCli('--list-extensions', '--show-versions')
      .split('\n')
      .map((l) => l.trim());
    assert.ok(listed.includes(`${manifest.publisher}.${manifest.name}@${manifest.version}`), `not listed: ${listed.join(', ')}`);
  });

  it('holds only the bundles, media, manifest and its translations, README, CHANGELOG and LICENSE', () => {
    const installed = join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
    const files = filesUnder(installed);
    const unexpected = files.filter((f) => !ALLOWED.some((re) => re.test(f)));
    assert.deepEqual(unexpected, [], `unexpected files in the package: ${unexpected.join(', ')}`);
    for (const file of REQUIRED) assert.ok(files.includes(file), `${file} missing from the package (has ${files.join(', ')})`);
  });
});
