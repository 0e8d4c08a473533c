// The choke point every request passes: selection guard, concurrency limit, timeouts and
// cancellation, cookies and the XSRF header, gzip, logging (never secrets), one transparent
// re-sign-in on 401, and the mapping of every failure to the client's typed errors.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { request } from './undici';
import type { Dispatcher } from 'undici';
import { AlmApiError, AuthError, CancelledError, SelectionGuardError, ServerError, TimeoutError, TlsError, UnexpectedAnswerError } from '../errors';
import { SILENT_LOGGER } from '../logging';
import type { AlmLogger } from '../transportOptions';
import type { CookieJar } from './cookies';
import { answerTooLarge, readBounded, readErrorText } from './boundedBody';
import { announcedSize, decodeStream } from './decode';
import type { Receiver } from './dispatcher';
import { errorFromResponse, errorFromTransport, parseErrorBody, sessionEnded } from './errorMapping';
import { FileSink } from './fileSink';
import { FileWriter } from './fileWriter';
import type { WritableFile } from './fileWriter';
import type { Limiter } from './limiter';
import { RequestDeadline } from './requestAbort';
import type { RequestAbort } from './requestAbort';
import { isXmlAnswer, parseXmlAnswer } from './xmlAnswer';
import { explainTlsError } from './tlsDiagnosis';
import type { ProbeRoute } from './tlsDiagnosis';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a PUT or DELETE addresses; required for both, so no write reaches a bare collection. */
type WriteTarget = { kind: 'entity' } | { kind: 'selection'; ids: readonly number[] };

export interface BodySource {
  data: Readable | Buffer | string | AsyncIterable<Uint8Array>;
  contentType: string;
  length?: number;
}

export interface HttpRequest {
  method: Method;
  /** Relative to the base URL (e.g. `/api/domains`). */
  path: string;
  params?: readonly [string, string][];
  accept?: string;
  json?: unknown;
  /** A raw body; called again for a retry when `replayable`. */
  body?: () => BodySource;
  replayable?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overall limit for this call; null for none (transfers). Default: the client's overall timeout. */
  overallMs?: number | null;
  /** false for sign-in/sign-out themselves: no session, no 401 retry, no concurrency slot. */
  session?: boolean;
  target?: WriteTarget;
  /** Return non-2xx responses instead of throwing (sign-in probing). */
  anyStatus?: boolean;
  /**
   * When a 401 made the client sign in again: the error to throw instead of replaying the
   * request in the new session (a write that needs what the old session held, e.g. a lock).
   */
  notReplayedAfterReSignIn?: () => Error;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
}

/** How the transport reaches the session without depending on it. */
export interface AuthHooks {
  generation(): number;
  /** True while a session is open (lets the hot path skip an await). */
  readonly signedIn: boolean;
  ensure(signal: AbortSignal | undefined): Promise<void>;
  /** Sign in again unless someone already did since `failedGeneration`. */
  renew(failedGeneration: number, signal: AbortSignal | undefined): Promise<void>;
}

/** Where toFile writes: an open file (written from offset 0) and who hears how far it got. */
export interface FileTarget {
  file: WritableFile;
  onProgress?: (bytes: number, total: number | undefined) => void;
}

/** How the body is read: whole, handed to the caller as a stream, or written into a file. */
type ReadMode = 'whole' | 'stream' | 'file';

export interface TransportConfig {
  base: URL;
  dispatcher: Dispatcher;
  /** The connection a download into a file uses (see receiveSocket.ts). */
  receiver: () => Receiver;
  limiter: Limiter;
  jar: CookieJar;
  logger: AlmLogger;
  overallMs: number;
  /** The largest answer read into memory (JSON, XML, error pages); downloads are not limited. */
  maxAnswerBytes: number;
  proxy?: string;
  /** Whether requests carry proxy credentials. */
  proxyAuthSent?: boolean;
  /** Where a refused certificate is read from to name it (absent with a caller's own dispatcher). */
  route?: ProbeRoute;
}

/** An entity, or (Core) an entity's lock: `…/7`, `…/7/lock`. */
const ENTITY_PATH = /\/[1-9]\d*(?:\/lock)?$/;
/** Where one request's tries stand: when it began, and the one renewal and the one retry it may spend. */
interface Attempt {
  started: number;
  renewed: boolean;
  retried: boolean;
}

/** Answers worth one more try of a read: the server or a gateway failed, not the request. */
const TRANSIENT = new Set([500, 502, 503, 504]);
/** Buffer of a download stream: enough to ride out a slow consumer write, small for RSS. */
const TRANSFER_BUFFER = 256 << 10;

export class Transport {
  auth: AuthHooks | undefined;
  private readonly basePath: string;
  private readonly secure: boolean;

  constructor(readonly config: TransportConfig) {
    this.basePath = config.base.pathname.replace(/\/+$/, '');
    this.secure = config.base.protocol === 'https:';
  }

  get host(): string {
    return this.config.base.host;
  }

  async text(req: HttpRequest): Promise<HttpResponse & { text: string }> {
    return this.run(req, async (res) => {
      const read = await readBounded(res.body, res.headers, this.config.maxAnswerBytes);
      if ('tooLarge' in read) throw answerTooLarge(this.host, this.config.maxAnswerBytes, `${req.method} ${req.path}`, res.statusCode);
      return { status: res.statusCode, headers: res.headers, text: read.body.toString('utf8') };
    });
  }

  async json(req: HttpRequest): Promise<HttpResponse & { body: unknown }> {
    const res = await this.text(req).catch((e: unknown) => {
      // 406: this resource answers XML only on this server (reference §16.1, §9.1); ask for that.
      if (e instanceof AlmApiError && e.status === 406 && !req.accept?.includes('xml')) return this.text({ ...req, accept: 'application/xml' });
      throw e;
    });
    if (/^\s*$/.test(res.text)) return { ...res, body: undefined };
    if (isXmlAnswer(res.headers['content-type'], res.text)) return { ...res, body: parseXmlAnswer(res.text, `${req.method} ${req.path}`) };
    try {
      return { ...res, body: JSON.parse(res.text) as unknown };
    } catch {
      throw new UnexpectedAnswerError(`The server's answer to ${req.method} ${req.path} is not JSON. Check that the URL points to the ALM server (…/qcbin).`);
    }
  }

  /** The body as a stream; the concurrency slot is held until it ends or is destroyed. */
  async stream(req: HttpRequest): Promise<HttpResponse & { stream: Readable }> {
    return this.run(
      req,
      (res, release, mapError) => {
        const stream = decodeStream(res.body, res.headers['content-encoding']);
        // Errors while the caller reads (abort, reset, stall) arrive as typed errors too. They are
        // mapped where the stream is destroyed with them rather than by piping through another
        // stream: one hop less per chunk made 200 MB downloads markedly faster (bench/client).
        const destroy = stream._destroy.bind(stream);
        stream._destroy = (error, callback) => destroy(error, (e) => callback(e ? mapError(e) : e));
        stream.once('close', release);
        stream.once('end', release);
        return Promise.resolve({ status: res.statusCode, headers: res.headers, stream });
      },
      'stream',
    );
  }

  /**
   * The body written into `target.file` as it arrives (http/fileSink: straight from undici's
   * parser into reused write buffers); resolves with the bytes written once they are all on disk.
   * Other answers go the usual way (401 renewal, typed errors). A file problem (disk full) rejects
   * with the raw fs error, for the caller to word.
   */
  async toFile(req: HttpRequest, target: FileTarget): Promise<HttpResponse & { bytes: number }> {
    const receiver = this.config.receiver();
    const sink = new FileSink(target.file, { onProgress: target.onProgress, control: receiver.control });
    try {
      return await this.run(
        req,
        async (res) => {
          if (sink.taken) {
            // The body stream is empty; it ends once the last write is done, or fails with why not.
            await finished(res.body.resume());
            return { status: res.statusCode, headers: res.headers, bytes: sink.bytesReceived };
          }
          // A server that encoded the body anyway: decode it through streams (rare, slower).
          const writer = new FileWriter(target.file);
          const total = announcedSize(res.headers);
          let bytes = 0;
          for await (const chunk of decodeStream(res.body, res.headers['content-encoding']) as AsyncIterable<Buffer>) {
            if (chunk.length === 0) continue;
            bytes += chunk.length;
            if (!writer.write(chunk)) await writer.room();
            if (writer.error) throw writer.error;
            target.onProgress?.(bytes, total);
          }
          await writer.finish();
          return { status: res.statusCode, headers: res.headers, bytes };
        },
        'file',
        receiver.dispatcher.compose(sink.interceptor()),
      );
    } catch (e) {
      // The writer's own failure (a local file problem) is the reason, not the request it stopped.
      throw sink.error ?? e;
    } finally {
      await sink.close();
      await receiver.close();
    }
  }

  url(path: string, params?: readonly [string, string][]): string {
    const query = params?.length ? `?${params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '';
    return `${this.config.base.origin}${this.basePath}${path}${query}`;
  }

  private guard(req: HttpRequest): void {
    if (req.method !== 'PUT' && req.method !== 'DELETE') return;
    const t = req.target;
    if (!t) throw new SelectionGuardError(`Refused ${req.method} ${req.path}: a write must name its entity or an explicit selection.`);
    if (t.kind === 'entity' && !ENTITY_PATH.test(req.path)) {
      throw new SelectionGuardError(`Refused ${req.method} ${req.path}: the path does not end with an entity id.`);
    }
    if (t.kind === 'selection') {
      const ok = t.ids.length > 0 && t.ids.every((id) => Number.isSafeInteger(id) && id > 0) && new Set(t.ids).size === t.ids.length;
      if (!ok) throw new SelectionGuardError(`Refused ${req.method} ${req.path}: the selection must be a non-empty list of distinct entity ids; an empty one would change every instance.`);
    }
  }

  private headers(req: HttpRequest, body: BodySource | undefined, mode: ReadMode): Record<string, string> {
    const h: Record<string, string> = {
      accept: req.accept ?? 'application/json',
      // Transfers ask for identity: attachments are rarely compressible and gzip would cost CPU on both ends.
      'accept-encoding': mode === 'whole' ? 'gzip, deflate' : 'identity',
      ...req.headers,
    };
    if (body) h['content-type'] = body.contentType;
    if (body?.length !== undefined) h['content-length'] = String(body.length);
    // Once the server set XSRF-TOKEN, every request echoes it (16.00+ refuse writes without it).
    let token = this.config.jar.get('XSRF-TOKEN');
    if (!token && req.method !== 'GET') {
      // Before the server issued a token (the sign-in requests, which no server checks), one of
      // our own in cookie and header, as 12.x clients do; every session's requests then echo the
      // server's, the only one a 16.00+ server accepts there.
      token = randomUUID();
      this.config.jar.set('XSRF-TOKEN', token);
    }
    if (token) h['x-xsrf-token'] = token;
    const cookie = this.config.jar.header(this.basePath + req.path, this.secure);
    if (cookie) h.cookie = cookie;
    return h;
  }

  private bodyOf(req: HttpRequest): BodySource | undefined {
    if (req.json !== undefined) return { data: JSON.stringify(req.json), contentType: 'application/json' };
    return req.body?.();
  }

  private async run<T>(
    req: HttpRequest,
    read: (res: Dispatcher.ResponseData, release: () => void, mapError: (e: unknown) => Error) => Promise<T>,
    mode: ReadMode = 'whole',
    dispatcher: Dispatcher = this.config.dispatcher,
  ): Promise<T> {
    this.guard(req);
    const deadline = new RequestDeadline(req.overallMs === undefined ? this.config.overallMs : req.overallMs, req.signal);
    const ctx = () => ({ host: this.host, proxy: this.config.proxy, proxyAuthSent: this.config.proxyAuthSent, timedOut: deadline.timedOut, cancelled: deadline.cancelled });
    const useSession = req.session !== false;
    let release: (() => void) | undefined;
    let handedOff = false;
    const attempt: Attempt = { started: Date.now(), renewed: !useSession, retried: false };
    try {
      if (useSession) {
        // Synchronous fast paths: a signed-in session and a free slot cost no extra turn.
        if (this.auth && !this.auth.signedIn) await this.auth.ensure(deadline.abort.signal);
        release = this.config.limiter.tryAcquire() ?? (await this.config.limiter.acquire(deadline.abort.signal));
      }
      for (;;) {
        const generation = this.auth?.generation() ?? 0;
        const res = await this.send(req, mode, dispatcher, deadline.abort);
        if ((await this.judge(req, res, attempt, generation, deadline.abort)) === 'again') continue;
        // A handed-off stream keeps listening to the caller's signal until it is done.
        const out = await read(
          res,
          () => {
            release?.();
            deadline.detach();
          },
          (e) => errorFromTransport(e, ctx()),
        );
        handedOff = mode === 'stream';
        this.log(req, res.statusCode, attempt.started);
        return out;
      }
    } catch (e) {
      let mapped = errorFromTransport(e, ctx());
      if (mapped instanceof TlsError && !mapped.certificate && this.config.route) mapped = await explainTlsError(mapped, this.config.route);
      if (!(mapped instanceof CancelledError)) this.config.logger.warn(`${req.method} ${req.path} failed after ${Date.now() - attempt.started} ms: ${mapped.message}`);
      throw mapped instanceof CancelledError && deadline.timedOut ? new TimeoutError(`${this.host} did not answer in time. Try again.`) : mapped;
    } finally {
      if (!handedOff) {
        release?.();
        deadline.detach();
      }
    }
  }

  /** One exchange on the wire; the answer's cookies go into the jar at once. */
  private async send(req: HttpRequest, mode: ReadMode, dispatcher: Dispatcher, abort: RequestAbort): Promise<Dispatcher.ResponseData> {
    const body = this.bodyOf(req);
    const res = await request(this.url(req.path, req.params), {
      dispatcher,
      method: req.method,
      headers: this.headers(req, body, mode),
      // undici documents async iterables as bodies (Dispatcher.md) but its types leave them out.
      body: body?.data as Readable | Buffer | string | undefined,
      signal: abort,
      // A download's body buffers more than undici's 64 KB before it pauses the socket: fewer
      // pause/resume turns per file (bench/client download ratio to curl).
      ...(mode === 'stream' ? { highWaterMark: TRANSFER_BUFFER } : {}),
    });
    this.config.jar.update(res.headers['set-cookie']);
    return res;
  }

  /**
   * What one answer means: `read` it, ask `again` (the session ended and was renewed once; a failed
   * read is tried once more), or throw the typed error it stands for.
   */
  private async judge(req: HttpRequest, res: Dispatcher.ResponseData, attempt: Attempt, generation: number, abort: RequestAbort): Promise<'read' | 'again'> {
    const status = res.statusCode;
    const failed = (status < 200 || status >= 300) && !req.anyStatus;
    // A failure's body says why; 26.1 reports a logged-out session as a 500 (reference §16.1).
    const errorText = failed ? await readErrorText(res, this.config.maxAnswerBytes, (note) => this.config.logger.warn(`${req.method} ${req.path}: ${note}`)) : '';
    if (!attempt.renewed && this.auth && sessionEnded(status, parseErrorBody(errorText))) {
      attempt.renewed = true;
      if (!failed) await res.body.dump();
      this.log(req, status, attempt.started, 'session ended, signing in again');
      await this.auth.renew(generation, abort.signal);
      if (req.notReplayedAfterReSignIn) throw req.notReplayedAfterReSignIn();
      if (req.body && !req.replayable) throw new AuthError('The session had expired and was renewed; the upload could not be resumed. Start it again.');
      return 'again';
    }
    if (failed && req.method === 'GET' && !attempt.retried && TRANSIENT.has(status)) {
      // Live servers fail a plain read now and then and answer it unchanged right after (reference §16.0); reads only.
      attempt.retried = true;
      this.log(req, status, attempt.started, 'retrying the read once');
      return 'again';
    }
    if (!failed) return 'read';
    if (status >= 300 && status < 400) {
      throw new ServerError(`The server redirected to ${String(res.headers.location ?? 'another address')}. Update the server URL to the address it redirects to.`, { status });
    }
    throw errorFromResponse(status, errorText, `${req.method} ${req.path}`);
  }

  private log(req: HttpRequest, status: number, started: number, note?: string): void {
    if (this.config.logger === SILENT_LOGGER) return;
    const query = req.params?.length ? `?${req.params.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
    const shown = query.length > 300 ? `${query.slice(0, 300)}…` : query;
    this.config.logger.debug(`${req.method} ${req.path}${shown} → ${status} (${Date.now() - started} ms)${note ? ` ${note}` : ''}`);
  }
}
