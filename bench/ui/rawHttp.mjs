// The raw HTTP side of every bench:ui figure: the requests the ALM server logged while a step ran
// (fastify's JSON log lines, one "incoming request" and one "request completed" per request),
// replayed afterwards by a bare undici client signed in as the same user. GETs are replayed one after
// another and timed end to end, body read; writes (lock, save, unlock) are not replayed, which would
// change the data: their time is the server's own logged responseTime. The sum is the step's raw time.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { Agent, request } from 'undici';

export class RawHttp {
  /** @param {string} logFile the ALM server's log  @param {string} baseUrl  @param {{ username: string, password: string }} user */
  constructor(logFile, baseUrl, user) {
    this.logFile = logFile;
    this.baseUrl = baseUrl;
    this.user = user;
    this.dispatcher = new Agent({ connections: 6 });
    this.origin = new URL(baseUrl).origin;
    this.cookie = '';
  }

  async signIn() {
    const auth = `Basic ${Buffer.from(`${this.user.username}:${this.user.password}`).toString('base64')}`;
    const res = await request(`${this.baseUrl}/api/authentication/sign-in`, { method: 'POST', headers: { authorization: auth }, dispatcher: this.dispatcher });
    await res.body.dump();
    if (res.statusCode === 404) return this.signInCore(auth);
    if (res.statusCode !== 200) throw new Error(`raw HTTP sign-in failed: ${res.statusCode}`);
    this.cookie = cookiesOf(res).join('; ');
  }

  /** A Core-only server (16.0 and later): authentication-point, then a site session. */
  async signInCore(auth) {
    const point = await request(`${this.baseUrl}/authentication-point/authenticate`, { headers: { authorization: auth }, dispatcher: this.dispatcher });
    await point.body.dump();
    if (point.statusCode !== 200) throw new Error(`raw HTTP sign-in failed: ${point.statusCode}`);
    const lwsso = cookiesOf(point);
    const site = await request(`${this.baseUrl}/rest/site-session`, { method: 'POST', headers: { cookie: lwsso.join('; ') }, dispatcher: this.dispatcher });
    await site.body.dump();
    if (site.statusCode !== 200 && site.statusCode !== 201) throw new Error(`raw HTTP site-session failed: ${site.statusCode}`);
    this.cookie = [...lwsso, ...cookiesOf(site)].join('; ');
  }

  /** Where the log ends now: a step's requests are the lines written after this mark. */
  mark() {
    return statSync(this.logFile).size;
  }

  /**
   * The requests logged since `from`: method, url and the server's responseTime. With `until` (a
   * step's painted time, the page's Date.now()), only the requests that came in by then: what the
   * bench does after a step (closing a menu, clearing a filter) is not the step's raw time.
   */
  requestsSince(from, until = Infinity) {
    const size = statSync(this.logFile).size;
    const buffer = Buffer.alloc(size - from);
    const fd = openSync(this.logFile, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, from);
    } finally {
      closeSync(fd);
    }
    const byId = new Map();
    for (const line of buffer.toString('utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.msg === 'incoming request' && entry.req && entry.time <= until) byId.set(entry.reqId, { method: entry.req.method, url: entry.req.url, serverMs: undefined, at: entry.time });
      else if (entry.msg === 'request completed' && byId.has(entry.reqId)) byId.get(entry.reqId).serverMs = entry.responseTime;
    }
    return [...byId.values()].filter((r) => r.serverMs !== undefined);
  }

  /** Raw time of a step's requests: GETs replayed and timed, writes at the server's logged time. */
  async time(requests) {
    let total = 0;
    for (const r of requests) {
      if (r.method !== 'GET') {
        total += r.serverMs;
        continue;
      }
      const started = performance.now();
      const res = await request(`${this.origin}${r.url}`, {
        dispatcher: this.dispatcher,
        headers: { cookie: this.cookie, accept: 'application/json', 'accept-encoding': 'gzip' },
      });
      await res.body.arrayBuffer();
      total += performance.now() - started;
    }
    return total;
  }

  close() {
    return this.dispatcher.close();
  }
}

/** The `name=value` of each cookie an answer sets. */
function cookiesOf(res) {
  return [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]);
}
