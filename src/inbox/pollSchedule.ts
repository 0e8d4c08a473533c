// When the inbox checks the servers: every `almDefects.inbox.pollInterval` seconds (default 5 min),
// also while the view is hidden; four times slower while the window is unfocused; after a failed
// check the wait doubles (up to an hour) until one succeeds; nothing at all while no server is
// signed in. Checks never overlap. No `vscode` import: the clock is injected, so tests step it.

export interface PollClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: PollClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** How a check went: `error` backs off. */
export type PollOutcome = 'ok' | 'error';

const UNFOCUSED_FACTOR = 4;
export const MAX_DELAY_MS = 60 * 60_000;

export class PollSchedule {
  private handle: unknown;
  private seconds = 300;
  private focused = true;
  private active = false;
  private failures = 0;
  private running: Promise<void> | undefined;

  constructor(
    private readonly check: () => Promise<PollOutcome>,
    private readonly clock: PollClock = realClock,
  ) {}

  /** The wait before the next check now (tests, the benchmark); undefined when none is armed. */
  get nextDelayMs(): number | undefined {
    return this.handle === undefined ? undefined : this.delayMs();
  }

  setInterval(seconds: number): void {
    this.seconds = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
    this.arm();
  }

  setFocused(focused: boolean): void {
    if (focused === this.focused) return;
    this.focused = focused;
    this.arm();
  }

  /** Whether any server is signed in: signed out, nothing is checked and no timer runs. */
  setActive(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    if (!active) this.failures = 0;
    this.arm();
  }

  /** A check now (the timer, Check for Changes Now, a test); a call during a check waits for it. */
  async runNow(): Promise<void> {
    if (this.running) return this.running;
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
    this.running = (async () => {
      const outcome = await this.check().catch((): PollOutcome => 'error');
      this.failures = outcome === 'error' ? this.failures + 1 : 0;
    })().finally(() => {
      this.running = undefined;
      this.arm();
    });
    return this.running;
  }

  dispose(): void {
    this.active = false;
    this.arm();
  }

  private delayMs(): number {
    const base = this.seconds * 1000 * (this.focused ? 1 : UNFOCUSED_FACTOR);
    return Math.min(base * 2 ** Math.min(this.failures, 10), Math.max(MAX_DELAY_MS, base));
  }

  private arm(): void {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
    if (!this.active || this.seconds === 0 || this.running) return;
    this.handle = this.clock.setTimeout(() => {
      this.handle = undefined;
      void this.runNow();
    }, this.delayMs());
  }
}
