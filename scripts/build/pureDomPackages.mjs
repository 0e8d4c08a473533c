// esbuild plugin for the extension bundle: marks the packages htmlparser2's index re-exports
// (domhandler, domutils, dom-serializer and the `entities` version they use) as free of side
// effects, which they are (functions and data tables) but do not declare. The memo text
// (src/defects/memo.ts) uses only htmlparser2's Tokenizer; without this their entity tables,
// ~80 KB minified, stay in dist/extension.js unused (issue 16: every window loads it).
const PACKAGES = /node_modules[\\/](entities|dom-serializer|domutils|domhandler)[\\/]/;
const BARE = /^(entities|dom-serializer|domutils|domhandler)(\/|$)/;

export function pureDomPackages() {
  return {
    name: 'pure-dom-packages',
    /** @param {import('esbuild').PluginBuild} build */
    setup(build) {
      build.onResolve({ filter: /^(\.|entities|dom-serializer|domutils|domhandler)/ }, async (args) => {
        if (args.pluginData?.pureDomPackages || (!BARE.test(args.path) && !PACKAGES.test(args.importer))) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { pureDomPackages: true } });
        if (resolved.errors.length > 0 || !PACKAGES.test(resolved.path)) return undefined;
        return { path: resolved.path, sideEffects: false };
      });
    },
  };
}
