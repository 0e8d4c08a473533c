// Runs in a child process whose environment holds a test "OS certificate store" (SSL_CERT_FILE):
// signs in to the server given on the command line with the client's default trust (the OS store
// plus Node's roots plus an optional caFile) and prints what happened as one JSON line.
// Usage: node -r tsx/cjs systemStoreChild.ts <baseUrl> <caFile or "-"> <system: on|off>
import { readFileSync } from 'node:fs';
import { AlmClient, TlsError } from '../../src/api/index';

async function main(): Promise<void> {
  const [baseUrl, caFile, system] = process.argv.slice(2);
  const client = new AlmClient({
    baseUrl,
    credentials: async () => ({ username: 'alice', password: 'alice-demo' }),
    tls: { ...(caFile !== '-' ? { ca: readFileSync(caFile, 'utf8') } : {}), systemCertificates: system !== 'off' },
  });
  try {
    const info = await client.signIn();
    process.stdout.write(`${JSON.stringify({ ok: true, user: info.username })}\n`);
  } catch (e) {
    const tls = e instanceof TlsError ? { certificate: e.certificate } : {};
    process.stdout.write(`${JSON.stringify({ ok: false, name: (e as Error).name, message: (e as Error).message, ...tls })}\n`);
  } finally {
    await client.dispose();
  }
}

void main();
