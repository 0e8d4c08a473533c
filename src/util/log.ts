// The extension's logger: one "ALM" LogOutputChannel, each line tagged with the component that
// wrote it (`[tree]`, `[auth]`, `[api:Demo]`). Secrets registered with `redact` never reach the
// channel, and neither do Authorization headers, cookies or password assignments, whatever logs them.

/** What a LogOutputChannel offers; plain objects satisfy it in unit tests. */
export interface LogSink {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

type Level = keyof LogSink;

/** Header/assignment shapes that carry credentials, whatever component printed them. */
const CREDENTIAL_PATTERNS: RegExp[] = [/(authorization\s*[:=]\s*)(basic|bearer)?\s*[^\s,;]+/gi, /((?:set-)?cookie\s*[:=]\s*)[^\n]+/gi, /(password\s*["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi];

class Redactor {
  private readonly secrets = new Set<string>();

  add(secret: string): void {
    // Very short strings would blank out ordinary words; they are still never logged on purpose.
    if (secret.length >= 3) this.secrets.add(secret);
  }

  delete(secret: string): void {
    this.secrets.delete(secret);
  }

  apply(text: string): string {
    let out = text;
    for (const p of CREDENTIAL_PATTERNS) out = out.replace(p, '$1***');
    for (const s of [...this.secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join('***');
    return out;
  }
}

export class Log implements LogSink {
  private constructor(
    private readonly sink: LogSink,
    private readonly tag: string,
    private readonly redactor: Redactor,
  ) {}

  static create(sink: LogSink, component = 'alm'): Log {
    return new Log(sink, component, new Redactor());
  }

  /** A logger for one component; shares the sink and the redacted secrets. */
  child(component: string): Log {
    return new Log(this.sink, component, this.redactor);
  }

  /** Never write `secret` (a password) to the log, from any component; returns an undo. */
  redact(secret: string): () => void {
    this.redactor.add(secret);
    return () => this.redactor.delete(secret);
  }

  trace(message: string): void {
    this.write('trace', message);
  }
  debug(message: string): void {
    this.write('debug', message);
  }
  info(message: string): void {
    this.write('info', message);
  }
  warn(message: string): void {
    this.write('warn', message);
  }
  error(message: unknown): void {
    this.write('error', typeof message === 'string' ? message : describeError(message));
  }

  private write(level: Level, message: string): void {
    try {
      this.sink[level](`[${this.tag}] ${this.redactor.apply(message)}`);
    } catch {
      // The channel is gone (the window is closing); a log line is never worth an exception.
    }
  }
}

/** A one-line description of anything thrown, for logs and messages. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return typeof e === 'string' ? e : (JSON.stringify(e) ?? String(e));
}
