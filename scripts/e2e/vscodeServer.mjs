// Starts the cached VS Code server (code-server's lib/vscode) on a free port with its own user data,
// server data and extensions folders, and the smoke-test driver on, so the workbench honours the
// extensionDevelopmentPath / extensionTestsPath payload in its URL.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startProcess, stopProcess, waitForLine } from './processes.mjs';

/** User settings for a quiet, trusting workbench: no trust prompt, welcome page, tips or update checks. */
export const QUIET_USER_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'npm.autoDetect': 'off',
};

/**
 * @param {{ runtime: { node: string, serverMain: string }, dir: string, logFile: string, env?: NodeJS.ProcessEnv,
 *   userSettings?: Record<string, unknown>, port?: number | string, host?: string, timeoutMs?: number }} options
 */
export async function startVscodeServer(options) {
  const userDataDir = join(options.dir, 'user-data');
  const serverDataDir = join(options.dir, 'server-data');
  const extensionsDir = join(options.dir, 'extensions');
  for (const d of [join(userDataDir, 'User'), serverDataDir, extensionsDir]) mkdirSync(d, { recursive: true });
  // Written before the page loads: otherwise Restricted Mode keeps a development extension from running.
  // A kept user data folder (npm start) keeps the user's own settings; ours only fill the gaps.
  const settingsFile = join(userDataDir, 'User', 'settings.json');
  const existing = existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {};
  writeFileSync(settingsFile, JSON.stringify({ ...QUIET_USER_SETTINGS, ...existing, 'security.workspace.trust.enabled': false, ...options.userSettings }, null, 2));
  const host = options.host ?? '127.0.0.1';
  const args = [
    options.runtime.serverMain,
    '--host',
    host,
    '--port',
    String(options.port ?? 0),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--enable-smoke-test-driver',
    '--disable-telemetry',
    '--user-data-dir',
    userDataDir,
    '--server-data-dir',
    serverDataDir,
    '--extensions-dir',
    extensionsDir,
  ];
  const child = startProcess(options.runtime.node, args, { logFile: options.logFile, env: options.env ?? process.env });
  const timeoutMs = options.timeoutMs ?? 60_000;
  const match = await waitForLine(child, /Extension host agent listening on (\d+)/, timeoutMs, 'VS Code server');
  const port = Number(match[1]);
  return {
    port,
    /** The server's process id: its extension hosts are its descendants. */
    pid: child.pid,
    url: `http://${host}:${port}`,
    authority: `${host}:${port}`,
    userDataDir,
    serverDataDir,
    extensionsDir,
    stop: () => stopProcess(child, 5000),
  };
}

/** A `vscode-remote://` URI for a path on the server's machine: the workbench ignores plain paths silently. */
export function remoteUri(authority, absolutePath) {
  const p = absolutePath.replace(/\\/g, '/');
  return `vscode-remote://${authority}${p.startsWith('/') ? '' : '/'}${encodeURI(p)}`;
}

/**
 * The workbench address that opens `folder` and, through the smoke-test driver's payload, loads the extension
 * under development and (optionally) runs the test module in the extension host.
 * @param {{ url: string, authority: string }} server
 * @param {{ folder: string, extensionPath: string, testsPath?: string }} what
 */
export function workbenchUrl(server, what) {
  const payload = [
    ['extensionDevelopmentPath', remoteUri(server.authority, what.extensionPath)],
    ['skipWelcome', 'true'],
  ];
  if (what.testsPath) payload.push(['extensionTestsPath', remoteUri(server.authority, what.testsPath)]);
  return `${server.url}/?folder=${encodeURIComponent(what.folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
