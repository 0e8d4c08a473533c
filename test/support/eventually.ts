// The one polling helper of every test stage (unit, integration, the extension-host suite, the page
// tests, the journeys and the benches). It imports neither `vscode` nor Playwright, so each stage can
// use it. Poll only what has no event a test can await (a workbench's DOM, a file on disk, a count on
// a server); the pause between probes is the only fixed wait a test may hold.
import { AssertionError } from 'node:assert';

/** What a probe gives while the awaited thing has not happened yet. */
type NotYet = undefined | null | false | 0 | '';

/** The first pause between probes; doubled after each miss up to MAX_PAUSE_MS, so a quick answer is seen quickly and a slow one costs little. */
const FIRST_PAUSE_MS = 10;
const MAX_PAUSE_MS = 200;

/**
 * Resolves with the first truthy value `probe` gives. A probe that throws counts as "not yet" (an
 * element still detached, a file still being written); after `timeoutMs` the returned promise
 * rejects with an AssertionError naming `what`, and, when the last probe threw, what it said — a
 * probe can throw to report what it saw instead.
 */
export async function eventually<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 30_000): Promise<Exclude<T, NotYet>> {
  const deadline = performance.now() + timeoutMs;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    let lastError: unknown;
    try {
      const value = await probe();
      if (value) return value as Exclude<T, NotYet>;
    } catch (e) {
      lastError = e;
    }
    if (performance.now() >= deadline) {
      const said = lastError === undefined ? '' : `; the last check said: ${lastError instanceof Error ? lastError.message : JSON.stringify(lastError)}`;
      throw new AssertionError({ message: `timed out after ${timeoutMs / 1000} s waiting for ${what}${said}` });
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}
