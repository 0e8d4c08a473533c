// Header names in the case real servers (Jetty) write them: `Set-Cookie`, `WWW-Authenticate`,
// `Location`. Node writes a name as it was given, and fastify hands every header to
// `writeHead` in lower case; clients built on HP's widely copied REST sample read headers
// case-sensitively (issue 27), so every name is put in canonical case just before it is written.
import type { Server, ServerResponse, OutgoingHttpHeaders, OutgoingHttpHeader } from 'node:http';

/** Names whose canonical form is not "each dash-separated word capitalised". */
const SPECIAL: Readonly<Record<string, string>> = {
  'www-authenticate': 'WWW-Authenticate',
  etag: 'ETag',
  'content-md5': 'Content-MD5',
  'x-xsrf-token': 'X-XSRF-TOKEN',
  'x-xss-protection': 'X-XSS-Protection',
  te: 'TE',
};

/** `set-cookie` → `Set-Cookie`, `www-authenticate` → `WWW-Authenticate`. */
export function canonicalHeaderName(name: string): string {
  const lower = name.toLowerCase();
  return SPECIAL[lower] ?? lower.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}

type WriteHead = ServerResponse['writeHead'];

function canonicalHeaders(headers: OutgoingHttpHeaders | OutgoingHttpHeader[]): OutgoingHttpHeaders | OutgoingHttpHeader[] {
  if (Array.isArray(headers)) return headers.map((entry, i) => (i % 2 === 0 && typeof entry === 'string' ? canonicalHeaderName(entry) : entry));
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) out[canonicalHeaderName(name)] = value;
  return out;
}

/** Makes one response write its header names in canonical case, however they were set. */
function canonicalise(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(canonicalHeaderName(name), value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const args = rest.map((arg) => (arg !== null && typeof arg === 'object' ? canonicalHeaders(arg as OutgoingHttpHeaders) : arg));
    return writeHead(status, ...args);
  }) as WriteHead;
}

/** Every response of `server` writes canonical header names; runs before the app's own handler. */
export function canonicalHeaderCase(server: Server): void {
  server.prependListener('request', (_request, response: ServerResponse) => canonicalise(response));
}
