// `npm start`: builds, starts the ALM server with demo data (kept in .data/demo between runs), writes a
// demo workspace (.data/workspace) configured for it, and opens VS Code with the extension loaded:
// the desktop `code` when it is on PATH, otherwise the VS Code server (installed into .vscode-test/ on
// first use), whose address it prints. Ctrl-C stops everything it started.
// Usage: npm start [-- --port 8080] [--vscode-port 8000-8099] [--host 127.0.0.1] [--web] [--defects 200]
//   --web uses the VS Code server even when `code` is on PATH.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startAlmServer } from './e2e/almServer.mjs';
import { ensureVscodeServer } from './e2e/install.mjs';
import { stopAll } from './e2e/processes.mjs';
import { repoRoot } from './e2e/versions.mjs';
import { startVscodeServer, workbenchUrl } from './e2e/vscodeServer.mjs';
import { writeDemoWorkspace } from './e2e/workspace.mjs';

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    'vscode-port': { type: 'string', default: '8000-8099' },
    host: { type: 'string', default: '127.0.0.1' },
    defects: { type: 'string' },
    web: { type: 'boolean', default: false },
  },
});
const log = (line) => console.log(`[start] ${line}`);
const dataRoot = join(repoRoot, '.data');
mkdirSync(dataRoot, { recursive: true });

function build() {
  const result = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs')], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

function desktopCode() {
  if (opts.web) return null;
  const probe = spawnSync('code', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32', timeout: 20_000 });
  return probe.status === 0 ? 'code' : null;
}

/** The preferred port when free, otherwise any free port: a second `npm start` or a busy 8080 still works. */
async function withPortFallback(start, port, what) {
  try {
    return await start(port);
  } catch (err) {
    if (!/in use|EADDRINUSE/.test(String(err))) throw err;
    log(`port ${port} is busy; ${what} takes a free port instead`);
    return start(0);
  }
}

async function main() {
  build();
  const alm = await withPortFallback(
    (port) => startAlmServer({ port, dataDir: join(dataRoot, 'demo'), logFile: join(dataRoot, 'alm-server.log'), defects: opts.defects ? Number(opts.defects) : undefined, log: false }),
    Number(opts.port),
    'the ALM server',
  );
  const almServer = { baseUrl: alm.baseUrl, users: alm.users, domain: 'DEFAULT', project: 'Demo' };
  const folder = writeDemoWorkspace(join(dataRoot, 'workspace'), almServer);
  const credentials = alm.users.map((u) => `${u.username} / ${u.password}`).join(', ');

  const code = desktopCode();
  if (code) {
    const child = spawn(code, ['--new-window', `--extensionDevelopmentPath=${repoRoot}`, folder], { stdio: 'ignore', detached: true, shell: process.platform === 'win32' });
    child.unref();
    log('opened desktop VS Code with the extension under development');
  } else {
    const runtime = await ensureVscodeServer(log);
    // The VS Code server takes the first free port of a range itself.
    const vscode = await startVscodeServer({
      runtime,
      dir: join(dataRoot, 'vscode-server'),
      logFile: join(dataRoot, 'vscode-server.log'),
      port: opts['vscode-port'],
      host: opts.host,
      timeoutMs: 120_000,
    });
    log('VS Code (web) with the extension loaded; open this address in a browser:');
    console.log(`\n    ${workbenchUrl(vscode, { folder, extensionPath: repoRoot })}\n`);
  }
  log(`ALM server: ${alm.baseUrl}  (data in .data/demo; domain DEFAULT, projects Demo and Playground; domain QA, project Regression)`);
  log(`demo users: ${credentials}`);
  // The demo's API key is fixed and documented (server/README.md), for scripts using rest/oauth2/login.
  for (const key of alm.apiKeys) console.log(`API key: ${key.user} client-id=${key.clientId} secret=${key.secret}`);
  log('workspace .data/workspace is configured for the "Demo" server as alice. Ctrl-C stops everything.');
}

main().catch(async (err) => {
  log(`could not start: ${err instanceof Error ? err.message : String(err)}`);
  await stopAll();
  process.exit(1);
});
