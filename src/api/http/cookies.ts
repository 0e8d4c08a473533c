// The session's cookie jar. ALM re-issues cookies on ordinary responses, so the jar is updated
// from every response: each Set-Cookie header is exactly one cookie (never split on commas —
// `Expires` dates contain them), and the latest value of a name wins.

interface StoredCookie {
  value: string;
  path: string;
  secure: boolean;
  /** Epoch ms, or undefined for a session cookie. */
  expires?: number;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** Applies the Set-Cookie headers of one response. */
  update(setCookie: string | string[] | undefined, now = Date.now()): void {
    if (setCookie === undefined) return;
    for (const header of Array.isArray(setCookie) ? setCookie : [setCookie]) this.apply(header, now);
  }

  /** The `Cookie` header for a request to `path`, or undefined when no cookie applies. */
  header(path: string, secureTransport: boolean, now = Date.now()): string | undefined {
    const parts: string[] = [];
    for (const [name, c] of this.cookies) {
      if (c.expires !== undefined && c.expires <= now) {
        this.cookies.delete(name);
        continue;
      }
      if (c.secure && !secureTransport) continue;
      if (!pathMatches(path, c.path)) continue;
      parts.push(`${name}=${c.value}`);
    }
    return parts.length ? parts.join('; ') : undefined;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path, secure: false });
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** Secret cookie values, so a logger can scrub them from messages (ALM_USER is just the user name). */
  values(): string[] {
    return [...this.cookies].filter(([name, c]) => name !== 'ALM_USER' && c.value.length >= 4).map(([, c]) => c.value);
  }

  clear(): void {
    this.cookies.clear();
  }

  /** Every cookie as it is now, to put back with `restore` (sign-out tries more than one way with the same session). */
  snapshot(): ReadonlyMap<string, Readonly<StoredCookie>> {
    return new Map([...this.cookies].map(([name, c]) => [name, { ...c }]));
  }

  restore(snapshot: ReadonlyMap<string, Readonly<StoredCookie>>): void {
    this.cookies.clear();
    for (const [name, c] of snapshot) this.cookies.set(name, { ...c });
  }

  private apply(header: string, now: number): void {
    const [pair, ...attributes] = header.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) return; // no name: ignore, as browsers do
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const cookie: StoredCookie = { value, path: '/', secure: false };
    let maxAge: number | undefined;
    for (const attribute of attributes) {
      const i = attribute.indexOf('=');
      const key = (i < 0 ? attribute : attribute.slice(0, i)).trim().toLowerCase();
      const arg = i < 0 ? '' : attribute.slice(i + 1).trim();
      if (key === 'path' && arg.startsWith('/')) cookie.path = arg;
      else if (key === 'secure') cookie.secure = true;
      else if (key === 'max-age' && /^-?\d+$/.test(arg)) maxAge = Number(arg);
      else if (key === 'expires') {
        const t = Date.parse(arg.replace(/-/g, ' '));
        if (!Number.isNaN(t)) cookie.expires = t;
      }
    }
    // Max-Age wins over Expires (RFC 6265 §5.3).
    if (maxAge !== undefined) cookie.expires = now + maxAge * 1000;
    if (cookie.expires !== undefined && cookie.expires <= now) {
      this.cookies.delete(name);
      return;
    }
    this.cookies.set(name, cookie);
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (cookiePath === '/' || requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}
