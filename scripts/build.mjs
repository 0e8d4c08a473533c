// Builds every bundle with esbuild: the extension (node/cjs, `vscode` external), the editor
// webview (browser/iife), the ALM-compatible server and its CLI, the end-to-end test suite
// that runs inside the VS Code extension host, and the benchmarks.
// Usage: node scripts/build.mjs [--production] [--watch] [--only=extension,webview,server,e2e,bench]
import * as esbuild from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { pureDomPackages } from './build/pureDomPackages.mjs';
import { slimUndici } from './build/slimUndici.mjs';
import { printBundleContents } from './build/bundleContents.mjs';

const args = process.argv.slice(2);
const production = args.includes('--production');
const watch = args.includes('--watch');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
};
const nodeCommon = { ...common, platform: 'node', format: 'cjs', target: 'node20' };

/** `{ 'suite/x.test': 'test/e2e/suite/x.test.ts' }` for every *.test.ts directly in `dir`. */
function testEntries(dir, outPrefix) {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => [`${outPrefix}/${f.slice(0, -3)}`, `${dir}/${f}`]),
  );
}

/** @type {Record<string, import('esbuild').BuildOptions>} */
const targets = {
  extension: {
    ...nodeCommon,
    entryPoints: { extension: 'src/extension.ts' },
    outdir: 'dist',
    external: ['vscode'],
    plugins: [slimUndici('dist'), pureDomPackages()],
    // `npm run package` prints what the bundle holds (issue 16: every window loads it).
    metafile: production,
  },
  webview: {
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    // The toolkit's components are a bundle of their own: the editor loads them only for editing. The
    // defects grid is a page of its own (no toolkit: plain elements styled by the theme's variables).
    entryPoints: { editor: 'webview/editor/main.ts', toolkit: 'webview/toolkit/main.ts', grid: 'webview/grid/main.ts' },
    outdir: 'dist/webview',
  },
  server: {
    ...nodeCommon,
    entryPoints: { cli: 'server/src/cli.ts', index: 'server/src/index.ts' },
    outdir: 'dist/server',
    // Native and optional modules stay outside the bundle and load from node_modules.
    external: ['better-sqlite3'],
  },
  e2e: {
    ...nodeCommon,
    // One bundle per test file: suite/*.test.ts run inside the extension host (loaded by suite/index.ts),
    // ui/, journeys/, pictures/ and locale/*.test.ts run in the launcher against the workbench page with Playwright.
    entryPoints: {
      index: 'test/e2e/suite/index.ts',
      ...testEntries('test/e2e/suite', 'suite'),
      ...testEntries('test/e2e/ui', 'ui'),
      ...testEntries('test/e2e/journeys', 'journeys'),
      ...testEntries('test/e2e/pictures', 'pictures'),
      ...testEntries('test/e2e/locale', 'locale'),
    },
    outdir: 'dist/test/e2e',
    // `proxy` reads its own package.json next to its files: bundled, it would look in dist/. `esbuild`
    // (ui/memoSlices.test.ts bundles the webview's sanitizer for its page) runs its binary from node_modules.
    external: ['vscode', 'mocha', 'better-sqlite3', 'playwright-core', 'proxy', 'esbuild'],
    // The suite index loads exactly the tests built now, never a stale bundle of a deleted test.
    define: { E2E_SUITE_FILES: JSON.stringify(Object.keys(testEntries('test/e2e/suite', 'suite'))) },
  },
  bench: {
    ...nodeCommon,
    entryPoints: { server: 'bench/server/main.ts', client: 'bench/client/main.ts', triage: 'bench/triage/main.ts', hostile: 'bench/hostile/main.ts', inbox: 'bench/inbox/main.ts' },
    outdir: 'dist/bench',
    external: ['better-sqlite3'],
  },
};

const selected = Object.entries(targets).filter(([name, opts]) => {
  if (only && !only.includes(name)) return false;
  // A feature's entry point may not exist yet while it is being built; skip it rather than fail.
  const entries = Object.values(opts.entryPoints);
  return entries.every((e) => existsSync(e));
});

if (watch) {
  for (const [name, opts] of selected) {
    const ctx = await esbuild.context(opts);
    await ctx.watch();
    console.log(`[watch] ${name}`);
  }
} else {
  const results = await Promise.all(selected.map(([, opts]) => esbuild.build(opts)));
  for (const { metafile } of results) if (metafile) printBundleContents(metafile);
  console.log(`built ${selected.map(([n]) => n).join(', ')}${production ? ' (production)' : ''}`);
}
