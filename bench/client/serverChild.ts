// The server of the client and triage benchmarks, run in a child process so that the client's heap
// and RSS figures contain nothing of the server. The benchmark forks itself with `--serve`; the
// child seeds a data dir with the demo site and the requested number of defects, starts the server
// and reports its base URL over IPC.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/src/index';
import { seedDataDir } from '../server/seed';

interface ServeRequest {
  dataDir: string;
  defects: number;
  maxAttachmentBytes: number;
}

async function serveForBenchmark(req: ServeRequest): Promise<void> {
  await seedDataDir(req.dataDir, req.defects);
  const server = await startServer({ dataDir: req.dataDir, port: 0, maxAttachmentBytes: req.maxAttachmentBytes });
  process.send?.({ baseUrl: server.baseUrl });
  process.on('disconnect', () => {
    void server.close().then(() => process.exit(0));
  });
}

export interface Served {
  baseUrl: string;
  /** Stops the child and removes its data dir. */
  stop(): Promise<void>;
}

/** Forks this benchmark's script as the server (`--serve`) on a fresh data dir named `prefix`…. */
export async function serveInChild(prefix: string, defects: number, maxAttachmentBytes: number): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const req: ServeRequest = { dataDir: dir, defects, maxAttachmentBytes };
  const child = fork(process.argv[1] ?? '', ['--serve', JSON.stringify(req)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { baseUrl: string }) => resolve(m.baseUrl));
    child.once('exit', (code) => reject(new Error(`benchmark server exited (${code})`)));
  });
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** In the forked child (`--serve <request>`): serves, and true; in the benchmark itself: false. */
export async function serveIfChild(): Promise<boolean> {
  if (process.argv[2] !== '--serve') return false;
  await serveForBenchmark(JSON.parse(process.argv[3] ?? '{}') as ServeRequest);
  return true;
}
