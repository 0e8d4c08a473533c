// The server side of the client benchmark, run in a child process so that the client's heap
// and RSS figures contain nothing of the server. Seeds a data dir with the demo site and the
// requested number of defects, starts the server and reports its base URL over IPC.
import { startServer } from '../../server/src/index';
import { seedDataDir } from '../server/seed';

export interface ServeRequest {
  dataDir: string;
  defects: number;
  maxAttachmentBytes: number;
}

export async function serveForBenchmark(req: ServeRequest): Promise<void> {
  await seedDataDir(req.dataDir, req.defects);
  const server = await startServer({ dataDir: req.dataDir, port: 0, maxAttachmentBytes: req.maxAttachmentBytes });
  process.send?.({ baseUrl: server.baseUrl });
  process.on('disconnect', () => {
    void server.close().then(() => process.exit(0));
  });
}
