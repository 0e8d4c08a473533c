// A real server for the attachment and query integration tests: the app as `buildApp` assembles
// it, on a free loopback port with a temporary data dir seeded with the demo site. The tests
// keep the context, so they can check stored rows and files beside the HTTP answers.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { eventually } from '../../support/eventually';
import { buildApp } from '../../../server/src/app';
import { registerAttachments } from '../../../server/src/apiTree/attachments';
import { sessionHook } from '../../../server/src/auth/index';
import { SessionService } from '../../../server/src/store/sessions';
import { Storage } from '../../../server/src/store/storage';
import { resolveOptions } from '../../../server/src/config';
import type { ServerOptions } from '../../../server/src/config';
import type { ServerContext } from '../../../server/src/context';
import { seedDemo } from '../../../server/src/demo/index';
import type { DemoSummary } from '../../../server/src/demo/index';
import type { ProjectStore } from '../../../server/src/store/project';
import { ProjectRegistry } from '../../../server/src/store/registry';
import { SiteStore } from '../../../server/src/store/site';

export interface Harness {
  /** e.g. http://127.0.0.1:PORT/qcbin */
  baseUrl: string;
  /** The DEFAULT/Demo project's api URL. */
  projectUrl: string;
  ctx: ServerContext;
  summary: DemoSummary;
  demo(): ProjectStore;
  /** Cookie header of a fresh session of the user (password from the demo summary). */
  signIn(user: string): Promise<string>;
  close(): Promise<void>;
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

export async function startHarness(options: Partial<ServerOptions> = {}, defects = 40): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alm-att-it-'));
  const now = () => new Date();
  const site = new SiteStore(dataDir);
  const projects = new ProjectRegistry(site, dataDir, now);
  const resolved = resolveOptions({ ...options, dataDir, port: 0 });
  const ctx: ServerContext = { options: resolved, site, projects, sessions: new SessionService(site, projects, resolved.sessionIdleSeconds, now), storage: new Storage(), now };
  const summary = await seedDemo(ctx, { defects, seed: 3 });
  const app = await buildApp(ctx);
  const prefix = `${resolved.rootPath}/api/domains/:domain/projects/:project`;
  // Until the core routes register attachments themselves, add them the same way they would.
  if (!app.hasRoute({ method: 'GET', url: `${prefix}/attachments` })) {
    await app.register(
      async (scope: FastifyInstance) => {
        scope.addHook('onRequest', sessionHook(ctx));
        registerAttachments(scope, ctx);
      },
      { prefix },
    );
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}${resolved.rootPath}`;
  return {
    baseUrl,
    projectUrl: `${baseUrl}/api/domains/DEFAULT/projects/Demo`,
    ctx,
    summary,
    demo: () => projects.get('DEFAULT', 'Demo'),
    signIn: async (user) => {
      const password = summary.users.find((u) => u.name === user)?.password ?? 'wrong';
      const res = await http('POST', `${baseUrl}/api/authentication/sign-in`, {
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      });
      if (res.status !== 200) throw new Error(`sign-in of ${user} answered ${res.status}`);
      const cookies = res.headers['set-cookie'];
      return (Array.isArray(cookies) ? cookies : [cookies ?? '']).map((c) => c.split(';')[0]).join('; ');
    },
    close: async () => {
      const closing = app.close();
      // The tests are over: a keep-alive connection whose last response the server had not yet
      // seen finish when close began is not "idle" and would hold close open until its
      // keep-alive timeout (seen under load after the raw-socket upload tests).
      app.server.closeAllConnections();
      await closing;
      projects.closeAll();
      site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function http(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { headers?: Record<string, string>; body?: Buffer | string; cookie?: string } = {}): Promise<HttpResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await request(url, { method, headers, body: opts.body });
  const body = Buffer.from(await res.body.arrayBuffer());
  return {
    status: res.statusCode,
    headers: res.headers,
    body,
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
  };
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so tests control part order and malformations. */
export function multipart(parts: readonly Part[], boundary = 'test-boundary-7MA4YWxk'): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The standard upload parts, file last; `overrides` replace or (with undefined) drop parts. */
export function uploadParts(entityId: number, filename: string, content: Buffer | string, overrides: Record<string, string | undefined> = {}): Part[] {
  const fields: Record<string, string | undefined> = { filename, 'entity.type': 'defect', 'entity.id': String(entityId), ...overrides };
  const parts: Part[] = Object.entries(fields)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
  parts.push({ name: 'file', value: content, filename, contentType: 'text/plain' });
  return parts;
}

/** Names in a project's attachments folder (content files and any leftovers). */
export function filesOf(store: ProjectStore): string[] {
  return readdirSync(store.attachmentsDir).sort();
}

export function attachmentCount(store: ProjectStore): number {
  return store.db.prepare('SELECT COUNT(*) FROM attachments').pluck().get() as number;
}

/**
 * Sends `head` and half of `body` on a raw connection, drops it once the server is writing the
 * content to a temporary upload file in `store`, then waits until the server has removed that
 * file. Resolves with whether the temporary file was seen before the drop. Both waits are for
 * what the server does, not for a time: a busy machine only makes them longer.
 */
export async function abortUploadHalfway(url: URL, head: string, body: Buffer, store: () => ProjectStore): Promise<boolean> {
  const uploading = () => filesOf(store()).some((f) => f.startsWith('.upload-'));
  let sawTemp = false;
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(head);
      socket.write(body.subarray(0, body.length / 2), () => {
        eventually('the server to start writing the upload to a temporary file', uploading, 20_000).then(
          () => {
            sawTemp = true;
            socket.destroy();
          },
          (err: Error) => {
            socket.destroy();
            reject(err);
          },
        );
      });
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  // The server notices the closed connection asynchronously, then removes its temporary file.
  await eventually('the temporary upload file to be removed after the client went away', () => !uploading(), 20_000);
  return sawTemp;
}
