// The workspace the launchers open: a folder whose .vscode/settings.json configures the extension for
// the ALM server they started (`almDefects.servers`; passwords never go into settings).
import { mkdirSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes (or updates) `<dir>/.vscode/settings.json` so that the one configured server is the demo server.
 * Other settings already in the file are kept.
 * @param {string} dir
 * @param {{ baseUrl: string, users: { username: string }[], domain: string, project: string }} almServer
 * @returns {string} the folder
 */
export function writeDemoWorkspace(dir, almServer) {
  const settingsFile = join(dir, '.vscode', 'settings.json');
  mkdirSync(join(dir, '.vscode'), { recursive: true });
  const settings = existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {};
  settings['almDefects.servers'] = [{ name: 'Demo', url: almServer.baseUrl, username: almServer.users[0].username, domain: almServer.domain, project: almServer.project }];
  writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
  return dir;
}
