// Child side of almServer.mjs: starts the ALM server in-process and reports its address to the parent.
// SIGTERM closes it cleanly so the SQLite databases are checkpointed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startServer, DEMO_USERS } = require(process.env.ALM_SERVER_BUNDLE);
const options = JSON.parse(process.env.ALM_SERVER_OPTIONS);
if (options.defects === undefined || options.defects === null) delete options.defects;

try {
  const server = await startServer(options);
  console.log(`ALM server listening at ${server.baseUrl} (data ${server.dataDir})`);
  const users = (DEMO_USERS ?? []).map((u) => ({ username: u.name, password: u.password }));
  process.send({ ready: { baseUrl: server.baseUrl, port: server.port, dataDir: server.dataDir, users, apiKeys: server.apiKeys ?? [] } });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    process.exit(0);
  };
  const stop = () => {
    close().catch((err) => {
      console.error(err);
      process.exit(1);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent died without stopping us: do not linger.
  process.on('disconnect', stop);
} catch (err) {
  console.error(err);
  process.send({ error: err instanceof Error ? err.message : String(err) });
  process.exitCode = 1;
  process.disconnect();
}
