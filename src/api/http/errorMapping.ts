// Maps failures to the client's error family: HTTP errors from the server's JSON body
// `{Id, Title, ExceptionProperties, StackTrace}` (or an HTML page), and transport errors from
// undici/Node codes. Messages say what to do; they never include headers, cookies or bodies.
import {
  AlmApiError,
  AuthError,
  CancelledError,
  ForbiddenError,
  LockedByOtherError,
  NetworkError,
  NotFoundError,
  ProxyAuthError,
  ServerError,
  TimeoutError,
  TlsError,
  ValidationError,
  VersionConflictError,
} from '../errors';
import type { FieldProblem, ServerErrorDetails } from '../errors';
import { scalarText } from '../dialect/coreValues';
import { parseXmlAnswer } from './xmlAnswer';

interface ParsedBody {
  almId?: string;
  title?: string;
  properties?: unknown;
}

/** Reads the ALM error body; tolerates HTML or empty bodies. */
export function parseErrorBody(text: string): ParsedBody {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const body = JSON.parse(trimmed) as Record<string, unknown>;
      const title = body.Title ?? body.title;
      const id = body.Id ?? body.id;
      return {
        almId: typeof id === 'string' ? id : undefined,
        title: typeof title === 'string' ? title : undefined,
        properties: body.ExceptionProperties ?? undefined,
      };
    } catch {
      // fall through to the plain-text reading
    }
  }
  if (trimmed.startsWith('<?xml') || trimmed.startsWith('<QCRestException')) {
    // Core resources that answer XML (is-authenticated, locks on older servers) fail in XML too.
    const xml = xmlErrorBody(trimmed);
    if (xml) return xml;
  }
  const htmlTitle = /<title>([^<]*)<\/title>/i.exec(trimmed)?.[1];
  const plain = (htmlTitle ?? withoutTags(trimmed)).replace(/\s+/g, ' ').trim();
  return { title: plain ? plain.slice(0, 200) : undefined };
}

/**
 * An error page's text: each `<…>` becomes a space, and a `<` with no `>` after it stays text. One
 * pass: `/<[^>]*>/g` looked for a `>` to the end of the body from every `<`, so a hostile body of
 * unclosed `<a` froze the extension host (100 KB: 5 s, 400 KB: over 2 minutes).
 */
function withoutTags(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let open = text.indexOf('<'); open >= 0; open = text.indexOf('<', at)) {
    const close = text.indexOf('>', open);
    // No `>` after this `<` means none after any later `<` either: the rest is text.
    if (close < 0) break;
    parts.push(text.slice(at, open), ' ');
    at = close + 1;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** `<QCRestException><Id>…</Id><Title>…</Title>…</QCRestException>`, read with the XML parser. */
function xmlErrorBody(text: string): ParsedBody | undefined {
  try {
    const root = parseXmlAnswer(text, 'an error');
    const e = root && typeof root === 'object' ? (root as Record<string, unknown>).QCRestException : undefined;
    if (!e || typeof e !== 'object') return undefined;
    const { Id: id, Title: title, ExceptionProperties: properties } = e as Record<string, unknown>;
    return { almId: typeof id === 'string' ? id : undefined, title: typeof title === 'string' ? title : undefined, properties: properties || undefined };
  } catch {
    return undefined;
  }
}

/** ExceptionProperties as name → value, whether sent as `[{Name, Value}]` or as an object. */
function propertyMap(properties: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const put = (k: unknown, v: unknown): void => {
    if (typeof k === 'string' && v !== null && v !== undefined && typeof v !== 'object') out.set(k.toLowerCase(), scalarText(v));
  };
  if (Array.isArray(properties)) {
    for (const p of properties) if (p && typeof p === 'object') put((p as Record<string, unknown>).Name, (p as Record<string, unknown>).Value);
  } else if (properties && typeof properties === 'object') {
    for (const [k, v] of Object.entries(properties)) put(k, v);
  }
  return out;
}

function firstMatching(props: Map<string, string>, pattern: RegExp): string | undefined {
  for (const [k, v] of props) if (pattern.test(k)) return v;
  return undefined;
}

const PROBLEM_CODES: Record<string, FieldProblem['code']> = {
  'qccore.required-field-missing': 'required',
  'qccore.invalid-list-field-value': 'not-in-list',
  'qccore.unknown-field-name': 'unknown-field',
  'qccore.invalid-value-type-for-field': 'type',
  'qccore.invalid-filter-expression': 'invalid-filter',
};

/** Query ids answered with 404 although nothing is missing: the request's own clauses were wrong (reference §16.3). */
const QUERY_IDS = new Set(['qccore.invalid-filter-expression', 'qccore.invalid-query-value']);

/**
 * Whether an answer says the session the request carried is over: 401, or what 26.1 sends for a
 * logged-out session's cookies — 500 `qccore.general-error` "TokenId is invalid because it has
 * logged out" (reference §16.1) — or the documented `qccore.session-has-expired`.
 */
export function sessionEnded(status: number, body: { almId?: string; title?: string }): boolean {
  if (status === 401) return true;
  if (body.almId === 'qccore.session-has-expired') return true;
  return status >= 500 && /token ?id is invalid|has logged out|session (has )?expired/i.test(body.title ?? '');
}

/**
 * A title a person can act on, as 26.1 sends for a write that breaks a business rule ("Invalid
 * owner specified: 0."), rather than a bare "General Error" or a Java failure leaking through.
 */
function readableRuleTitle(title: string | undefined): title is string {
  if (!title || title.length > 500) return false;
  return !/^general error\.?$|exception|cannot invoke|\bnull\b|begin \d+, end -?\d+/i.test(title.trim());
}

/** `The field 'Severity' is required.`: the missing field, named by its label (reference §16.4). */
function requiredLabel(title: string | undefined): string | undefined {
  return /field '([^']+)' is required/i.exec(title ?? '')?.[1];
}

function lockError(d: ServerErrorDetails): LockedByOtherError {
  const props = propertyMap(d.properties);
  const who = firstMatching(props, /^(lock-?user|user|locked-?by|owner)$/) ?? /locked by (?:user )?'?([^'\s,.]+)'?/i.exec(d.title ?? '')?.[1];
  const since = firstMatching(props, /^(lock-?time|since|locked-?since|time)$/) ?? /(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?)/.exec(d.title ?? '')?.[1];
  const message = who ? `${who} is editing this item${since ? ` (locked since ${since})` : ''}. Try again when they have finished.` : 'Another user is editing this item. Try again later.';
  return new LockedByOtherError(message, who, since, d);
}

/** The error for a non-2xx response. */
export function errorFromResponse(status: number, bodyText: string, request: string): AlmApiError {
  const body = parseErrorBody(bodyText);
  const d: ServerErrorDetails = { status, almId: body.almId, title: body.title, properties: body.properties, request };
  const said = body.title ? ` The server said: ${body.title}` : '';
  if (status === 401) {
    return new AuthError(`The server did not accept the sign-in. Check the user name and password.${said}`, d);
  }
  if (body.almId === 'qccore.lock-failure' || (status === 423 && !body.almId)) return lockError(d);
  if (body.almId === 'qccore.check-version-failed' || (status === 409 && /version|ver-stamp|modified by/i.test(body.title ?? ''))) {
    return new VersionConflictError(`Someone changed this item since you opened it. Reload it and apply your changes again.${said}`, d);
  }
  if (status === 409) {
    // Other conflicts (a name already taken, a partly failed bulk update) are rejected values.
    const message = body.title ?? 'The change conflicts with existing data.';
    return new ValidationError(message, [{ code: 'other', message }], d);
  }
  if (status === 403) return new ForbiddenError(`You are not allowed to do this.${said}`, d);
  if (status === 404 && !QUERY_IDS.has(body.almId ?? '')) {
    return new NotFoundError(`Not found: it may have been deleted, or the domain or project name is wrong.${said}`, d);
  }
  if (status === 404 || status === 400 || status === 413 || status === 422) {
    const props = propertyMap(body.properties);
    const field = firstMatching(props, /^(field|field-?name|name)$/);
    const label = field ? undefined : requiredLabel(body.title);
    const code = status === 413 ? 'too-large' : status === 404 ? 'invalid-filter' : (PROBLEM_CODES[body.almId ?? ''] ?? 'other');
    const message = body.title ?? (status === 413 ? 'The content is too large for the server.' : 'The server rejected the request.');
    return new ValidationError(message, [{ field, ...(label ? { label } : {}), code, message }], d);
  }
  if (status >= 500 && sessionEnded(status, body)) {
    // Reached only after the one re-sign-in the transport makes: the new session was refused too.
    return new AuthError(`Your ALM session ended and signing in again did not restore it. Sign in again; if this keeps happening, ask the ALM administrator.${said}`, d);
  }
  if (status === 500 && body.almId === 'qccore.general-error' && readableRuleTitle(body.title)) {
    // Current servers refuse a write that breaks a rule with 500 and the rule's wording (reference §16.4).
    return new ValidationError(`The server refused the change: ${body.title}`, [{ code: 'other', message: body.title }], d);
  }
  if (status >= 500) {
    return new ServerError(`The ALM server failed (HTTP ${status}). Try again; if it persists, contact the ALM administrator.${said}`, d);
  }
  return new ServerError(`Unexpected answer from the ALM server (HTTP ${status}).${said}`, d);
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

export interface TransportContext {
  host: string;
  proxy?: string;
  /** Whether credentials went to the proxy (a 407 then means they were refused). */
  proxyAuthSent?: boolean;
  /** Our own overall timeout fired. */
  timedOut: boolean;
  /** The caller's signal fired. */
  cancelled: boolean;
}

function errorCode(e: unknown): string | undefined {
  let cur: unknown = e;
  // undici wraps socket errors; the useful code may sit on a cause.
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET' && code !== 'UND_ERR') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  const top = (e as { code?: unknown } | null)?.code;
  return typeof top === 'string' ? top : undefined;
}

/** The error for a failure before or while exchanging bytes. Already-mapped errors pass through. */
export function errorFromTransport(e: unknown, ctx: TransportContext): AlmApiError {
  if (e instanceof AlmApiError && !(e instanceof CancelledError)) return e;
  if (ctx.cancelled) return new CancelledError();
  const code = errorCode(e);
  const via = ctx.proxy ? ` through the proxy ${ctx.proxy}` : '';
  if (ctx.timedOut) return new TimeoutError(`${ctx.host} did not answer in time${via}. Check the connection and try again.`);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new TimeoutError(`Could not connect to ${ctx.host}${via} in time. Check the server URL and your network or proxy settings.`);
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      // Inactivity, not length: a slow transfer that keeps moving never gets here.
      return new TimeoutError(`${ctx.host} stopped responding (nothing arrived within the idle timeout). Try again; if it persists, the server may be overloaded.`);
    case 'ECONNREFUSED':
      return new NetworkError(`${ctx.proxy ? `The proxy ${ctx.proxy}` : ctx.host} refused the connection. Check the URL and that the server is running.`, code, { cause: e });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new NetworkError(`Cannot find ${ctx.proxy ? `the proxy host of ${ctx.proxy}` : ctx.host}. Check the URL or your DNS/VPN.`, code, { cause: e });
  }
  if (code && TLS_CODES.has(code)) {
    return new TlsError(
      `The certificate of ${ctx.host} is not trusted (${code}). Add your organisation's CA certificate (caFile) to the server settings, or turn off certificate verification for this server only if you trust it.`,
      code,
      { cause: e },
    );
  }
  const text = e instanceof Error ? e.message : String(e);
  if (/proxy response \((\d+)\)/i.test(text)) {
    const proxyStatus = /proxy response \((\d+)\)/i.exec(text)?.[1];
    if (proxyStatus === '407') {
      const message = ctx.proxyAuthSent
        ? `The proxy ${ctx.proxy ?? ''} did not accept the user name and password (HTTP 407). Enter them again, or check http.proxyAuthorization.`
        : `The proxy ${ctx.proxy ?? ''} requires you to sign in (HTTP 407).`;
      return new ProxyAuthError(message, ctx.proxy ?? '', ctx.proxyAuthSent === true, [], { cause: e });
    }
    return new NetworkError(`The proxy ${ctx.proxy ?? ''} refused to connect to ${ctx.host} (HTTP ${proxyStatus}).`, code, { cause: e });
  }
  if (e instanceof Error && (e.name === 'AbortError' || code === 'ABORT_ERR')) return new CancelledError();
  return new NetworkError(`The connection to ${ctx.host}${via} failed${code ? ` (${code})` : ''}. Check your network and try again.`, code, { cause: e });
}
