// The clock of the loading delay: a load that takes longer than it shows "Loading…" in its place.
// Real time in the extension; the tree's tests move a clock of their own instead of sleeping, so a
// busy machine cannot turn "waits for the page" into "showed Loading…" (issue 29).

export interface LoadingClock {
  /** Milliseconds, as Date.now(). */
  now(): number;
  /** Resolves once `ms` have passed (at once for 0 or less); never holds the process open. */
  delay(ms: number): Promise<void>;
}

export const realClock: LoadingClock = {
  now: () => Date.now(),
  delay: (ms) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref?.()),
};
