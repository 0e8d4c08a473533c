// Runs the periodic change checks (editor, tree) every `almDefects.refreshInterval` seconds, but only
// while the window has focus: an unfocused window has no timer at all. Each check decides for itself
// whether anything it watches is visible. Ticks never overlap. No `vscode` import.

export interface RefreshCheck {
  readonly name: string;
  run(): Promise<void>;
}

export interface SchedulerClock {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realClock: SchedulerClock = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

export class RefreshScheduler {
  private handle: unknown;
  private seconds = 0;
  private focused = true;
  private running = false;

  private readonly checks: RefreshCheck[];

  constructor(
    checks: readonly RefreshCheck[],
    private readonly onError: (check: string, error: unknown) => void,
    private readonly clock: SchedulerClock = realClock,
  ) {
    this.checks = [...checks];
  }

  /** Adds a check of a feature registered later (the grid); it runs in every round until disposed. */
  add(check: RefreshCheck): { dispose(): void } {
    this.checks.push(check);
    return {
      dispose: () => {
        const at = this.checks.indexOf(check);
        if (at >= 0) this.checks.splice(at, 1);
      },
    };
  }

  /** Whether a timer is armed (tests). */
  get active(): boolean {
    return this.handle !== undefined;
  }

  setInterval(seconds: number): void {
    this.seconds = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
    this.arm();
  }

  setFocused(focused: boolean): void {
    this.focused = focused;
    this.arm();
  }

  /** One round of every check now (a tick, or a test); overlapping calls are dropped. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const check of this.checks) await check.run().catch((e: unknown) => this.onError(check.name, e));
    } finally {
      this.running = false;
    }
  }

  dispose(): void {
    this.focused = false;
    this.arm();
  }

  private arm(): void {
    if (this.handle !== undefined) this.clock.clearInterval(this.handle);
    this.handle = undefined;
    if (this.seconds > 0 && this.focused) this.handle = this.clock.setInterval(() => void this.tick(), this.seconds * 1000);
  }
}
