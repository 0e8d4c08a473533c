// Wraps the caller's logger so that no message can carry a secret: the password, its Basic
// token and every cookie value are replaced before the message leaves the client. Messages are
// built without secrets in the first place; this is the safety net.
import type { AlmLogger } from './transportOptions';

export class SecretScrubber {
  private readonly secrets = new Set<string>();
  private readonly dynamic: (() => string[])[] = [];

  add(secret: string | undefined): void {
    // Very short values would blank out ordinary words; such passwords are still never logged.
    if (secret && secret.length >= 3) this.secrets.add(secret);
  }

  /** A source of secrets that change over time (cookie values). */
  addSource(source: () => string[]): void {
    this.dynamic.push(source);
  }

  scrub(text: string): string {
    let out = text;
    const all = [...this.secrets, ...this.dynamic.flatMap((s) => s())].sort((a, b) => b.length - a.length);
    for (const s of all) if (out.includes(s)) out = out.split(s).join('***');
    return out;
  }
}

/** The logger used when the caller gives none; the transport skips building messages for it. */
export const SILENT_LOGGER: AlmLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export function scrubbingLogger(target: AlmLogger | undefined, scrubber: SecretScrubber): AlmLogger {
  if (!target) return SILENT_LOGGER; // nothing to protect, and no per-request scrubbing cost
  const t = target;
  const tag = (m: string): string => `[api] ${scrubber.scrub(m)}`;
  return {
    trace: (m) => (t.trace ?? t.debug).call(t, tag(m)),
    debug: (m) => t.debug(tag(m)),
    info: (m) => t.info(tag(m)),
    warn: (m) => t.warn(tag(m)),
    error: (m) => t.error(tag(m)),
  };
}
