// Starts the project's ALM-compatible server (dist/server/index.js) in a child Node process, the Node
// that runs this launcher (20.x): better-sqlite3 is built for it, not for the VS Code server's Node 24.
// The child reports its address over IPC, so a free port (0) needs no parsing of log output.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, stopProcess } from './processes.mjs';
import { repoRoot } from './versions.mjs';

export const serverBundle = join(repoRoot, 'dist', 'server', 'index.js');

/**
 * @param {{ dataDir: string, logFile: string, port?: number, defects?: number, maxAttachmentBytes?: number, log?: boolean, timeoutMs?: number, trees?: string[], alm?: string, sso?: boolean }} options
 * @returns {Promise<{ baseUrl: string, port: number, dataDir: string, users: { username: string, password: string }[], apiKeys: { user: string, clientId: string, secret: string }[], pid: number, stop: () => Promise<void> }>}
 */
export async function startAlmServer(options) {
  if (!existsSync(serverBundle)) {
    throw new Error(`${serverBundle} is missing: the ALM server is not built (npm run build builds it once server/src/index.ts exists)`);
  }
  const child = startProcess(process.execPath, [fileURLToPath(new URL('./almServerChild.mjs', import.meta.url))], {
    logFile: options.logFile,
    ipc: true,
    env: {
      ...process.env,
      ALM_SERVER_BUNDLE: serverBundle,
      ALM_SERVER_OPTIONS: JSON.stringify({
        port: options.port ?? 0,
        dataDir: options.dataDir,
        demo: true,
        defects: options.defects,
        maxAttachmentBytes: options.maxAttachmentBytes,
        log: options.log ?? true,
        ...(options.trees ? { trees: options.trees } : {}),
        ...(options.alm ? { alm: options.alm } : {}),
        ...(options.sso ? { sso: true } : {}),
      }),
    },
  });
  const timeoutMs = options.timeoutMs ?? 120_000;
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ALM server did not start within ${timeoutMs / 1000} s; see ${options.logFile}`)), timeoutMs);
    child.once('exit', (code, sig) => {
      clearTimeout(timer);
      reject(new Error(`ALM server exited while starting (${sig ?? `exit ${code}`}); see ${options.logFile}`));
    });
    child.on('message', (msg) => {
      clearTimeout(timer);
      if (msg.error) reject(new Error(`ALM server failed to start: ${msg.error}; see ${options.logFile}`));
      else resolve(msg.ready);
    });
  });
  if (!ready.users.length) throw new Error('the ALM server bundle exports no DEMO_USERS');
  return { baseUrl: ready.baseUrl, port: ready.port, dataDir: ready.dataDir, users: ready.users, apiKeys: ready.apiKeys ?? [], pid: child.pid, stop: () => stopProcess(child, 5000) };
}
