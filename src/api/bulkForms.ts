// Which bulk-write form a server takes, learnt once per server (issue 40): a Core server may
// document several (`application/json;type=collection`, `application/xml;type=collection`) and
// refuse some of them; the form that worked is tried first from then on, so a server that takes
// only XML costs one refused request per client, not one per bulk update.
import type { BulkBody } from './dialect/dialect';
import { AlmApiError, AuthError } from './errors';

export class BulkForms {
  private worked: string | undefined;

  /** The forms in the order to try: the one that worked on this server first. */
  order(bodies: readonly BulkBody[]): BulkBody[] {
    const known = bodies.find((b) => b.form === this.worked);
    return known ? [known, ...bodies.filter((b) => b !== known)] : [...bodies];
  }

  remember(form: string): void {
    this.worked = form;
  }
}

/**
 * Whether an error refuses the form of a bulk write rather than an element of it: the media type
 * (405, 415, 501), the body as a whole (400, which the 26.1 server gives plain XML), or a failure
 * without per-element entries (the 500 NPE a 26.1 gives plain JSON). A session that ended is not.
 */
export function refusesForm(e: unknown): boolean {
  if (!(e instanceof AlmApiError) || e instanceof AuthError || e.status === undefined) return false;
  return e.status === 400 || e.status === 405 || e.status === 415 || e.status >= 500;
}
