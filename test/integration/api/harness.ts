// Shared setup for the client's integration tests: a real ALM-compatible server on a free
// loopback port with a temporary data dir, and clients with a capturing logger.
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { AlmClient } from '../../../src/api/index';
import type { AlmClientOptions, Defect, FieldValue, ProjectApi } from '../../../src/api/index';
import { startTestServer } from '../../support/server';
import type { RunningServer, ServerOptions } from '../../support/server';

export type TestServer = RunningServer;

/** The shared test server (free port, temporary data dir, demo data). */
export function startApiTestServer(opts: Partial<ServerOptions> = {}): Promise<TestServer> {
  return startTestServer(opts);
}

export const WRONG_PASSWORD = 'Xy9-not-the-password';
const PASSWORDS: Record<string, string> = { alice: 'alice-demo', bob: 'bob-demo' };

export interface TestClient {
  client: AlmClient;
  logs: string[];
}

export function clientFor(baseUrl: string, user = 'alice', extra: Partial<AlmClientOptions> = {}): TestClient {
  const logs: string[] = [];
  const push = (m: string) => logs.push(m);
  const client = new AlmClient({
    baseUrl,
    credentials: async () => ({ username: user, password: PASSWORDS[user] ?? WRONG_PASSWORD }),
    logger: { trace: push, debug: push, info: push, warn: push, error: push },
    ...extra,
  });
  return { client, logs };
}

/** A defect with every required field filled from the project's own lists. */
export async function createDefect(p: ProjectApi, name: string, more: Record<string, FieldValue> = {}): Promise<Defect> {
  const lists = await p.listItems();
  const severity = lists.valuesOf(287)[0];
  return p.defects.create({ name, 'detected-by': 'alice', 'creation-time': '2026-01-05', severity, ...more });
}

export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/**
 * Uploads `size` random bytes to Demo's defect 1, saves them into a file `times` times with
 * saveTo, checking every byte each time, and deletes the attachment. Returns its id.
 */
export async function saveRoundTrip(client: AlmClient, size: number, times = 1): Promise<number> {
  const p = client.project('DEFAULT', 'Demo');
  const dir = mkdtempSync(join(tmpdir(), 'alm-save-'));
  try {
    const bytes = randomBytes(size);
    const a = await p.attachments.upload({ entity: { type: 'defect', id: 1 }, name: 'round-trip.bin', source: { stream: Readable.from([bytes]), size } });
    for (let i = 0; i < times; i++) {
      const target = join(dir, `saved-${i}.bin`);
      assert.equal(await p.attachments.saveTo(a.id, target), size);
      assert.ok(readFileSync(target).equals(bytes), 'same bytes');
    }
    await p.attachments.delete(a.id);
    return a.id;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
