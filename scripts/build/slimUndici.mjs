// esbuild plugin for the extension bundle: keeps out of dist/extension.js the parts of undici
// that a window loading the extension never runs (issue 16, bundle ≤ 400 KB).
// - llhttp, undici's HTTP parser, is WebAssembly shipped as two base64 strings (SIMD and plain,
//   ~140 KB). undici loads it on the first connection; here each becomes a binary .wasm beside
//   the bundle, read from disk at that moment.
// - FormData request bodies pull in undici's fetch body code; the client sends its own
//   multipart bodies (src/api/http/multipart.ts), so that code is replaced by a clear error.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const WASM = /[\\/]undici[\\/]lib[\\/]llhttp[\\/](llhttp(?:_simd)?)-wasm\.js$/;

/** @param {string} outdir where the bundle (and so the .wasm files beside it) is written */
export function slimUndici(outdir) {
  return {
    name: 'slim-undici',
    /** @param {import('esbuild').PluginBuild} build */
    setup(build) {
      build.onLoad({ filter: WASM }, (args) => {
        const name = `${WASM.exec(args.path)[1]}.wasm`;
        mkdirSync(outdir, { recursive: true });
        writeFileSync(join(outdir, name), require(args.path));
        // __dirname is the bundle's folder: the .wasm is read only when undici first needs it.
        const contents = `module.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(name)}));`;
        return { contents, loader: 'js' };
      });
      build.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, (args) =>
        /[\\/]undici[\\/]lib[\\/]dispatcher$/.test(args.resolveDir) ? { path: 'undici-fetch-body', namespace: 'slim-undici' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'slim-undici' }, () => ({
        contents: `exports.extractBody = () => { throw new Error('FormData request bodies are not part of the ALM Defects bundle: send a multipart body (src/api/http/multipart.ts) instead.'); };`,
        loader: 'js',
      }));
    },
  };
}
