// Slows down password and API-key guessing (issue 14, issue 28 item 5): after
// `signInFailuresAllowed` failed sign-ins of one user (or one API key client id), or four times as
// many from one address, further attempts for that key are refused with 429 and Retry-After for a
// time that doubles with each failure (1 s up to 5 min). A success clears the user's (key's)
// count. Keys are kept for at most MAX_KEYS users, client ids and addresses.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { AlmError } from '../errors';

const MAX_KEYS = 10_000;
const MAX_DELAY_MS = 5 * 60_000;
/** A key with no failure for this long starts again from zero. */
const FORGET_MS = 15 * 60_000;
/** How long a sign-in from an address exempts that user there from the address-wide rule. */
const KNOWN_GOOD_MS = 30 * 24 * 3600_000;

/** Who a sign-in names: a user (password) or an API key's client id. */
export type Subject = { user: string } | { clientId: string };

/** One sign-in attempt that passed `check`: which pending counts it holds until it is settled. */
export interface Attempt {
  /** The throttle key of the user or client id. */
  subjectKey: string;
  address: string;
  pendingKeys: readonly string[];
}

interface Failures {
  count: number;
  last: number;
  until: number;
}

export class SignInThrottle {
  private readonly failures = new Map<string, Failures>();
  /** Attempts of a key whose password check has not finished: they count against its allowance. */
  private readonly pending = new Map<string, number>();
  /**
   * Users who signed in from an address (address + user → time): the address-wide rule does not
   * apply to them, so failures from one address (an office behind a proxy) do not lock out its
   * colleagues who already signed in from there; their own per-user rule still does.
   */
  private readonly knownGood = new Map<string, number>();

  constructor(
    private readonly allowedPerUser: number,
    private readonly now: () => number,
  ) {}

  /**
   * Throws 429 while any of the request's keys is being slowed down, or when the attempts still
   * being checked would take it past its allowance; otherwise records the attempt as pending, in
   * the same synchronous step (issue 28 item 5: 60 concurrent guesses were all checked, the limit
   * being 5). Every attempt that passes must end with `failed` or `succeeded`.
   */
  check(subject: Subject, address: string): Attempt {
    const now = this.now();
    let wait = 0;
    const subjectKey = keyOf(subject);
    const keys: [string, number][] = [[subjectKey, this.allowedPerUser]];
    const good = this.knownGood.get(goodKey(address, subjectKey));
    if (good === undefined || now - good > KNOWN_GOOD_MS) keys.push([addressKey(address), this.allowedPerUser * 4]);
    for (const [key, allowed] of keys) {
      const entry = this.failures.get(key);
      if (entry && entry.until > now) wait = Math.max(wait, entry.until - now);
      const counted = entry && now - entry.last < FORGET_MS ? entry.count : 0;
      if (counted + (this.pending.get(key) ?? 0) >= allowed && (this.pending.get(key) ?? 0) > 0) wait = Math.max(wait, 1000);
    }
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      const who = 'user' in subject ? 'this user' : 'this API key';
      throw new AlmError(429, 'qccore.general-error', `Too many failed sign-ins for ${who} or from this address. Try again in ${seconds} s.`, undefined, { 'Retry-After': String(seconds) });
    }
    for (const [key] of keys) this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    return { subjectKey, address, pendingKeys: keys.map(([key]) => key) };
  }

  private settle(attempt: Attempt): void {
    for (const key of attempt.pendingKeys) {
      const left = (this.pending.get(key) ?? 0) - 1;
      if (left > 0) this.pending.set(key, left);
      else this.pending.delete(key);
    }
  }

  failed(attempt: Attempt): void {
    this.settle(attempt);
    this.count(attempt.subjectKey, this.allowedPerUser);
    this.count(addressKey(attempt.address), this.allowedPerUser * 4);
  }

  succeeded(attempt: Attempt): void {
    this.settle(attempt);
    this.failures.delete(attempt.subjectKey);
    const key = goodKey(attempt.address, attempt.subjectKey);
    this.knownGood.delete(key);
    this.knownGood.set(key, this.now());
    if (this.knownGood.size > MAX_KEYS) this.knownGood.delete(this.knownGood.keys().next().value as string);
  }

  private count(key: string, allowed: number): void {
    const now = this.now();
    const previous = this.failures.get(key);
    const count = previous && now - previous.last < FORGET_MS ? previous.count + 1 : 1;
    const over = count - allowed;
    const until = over >= 0 ? now + Math.min(1000 * 2 ** over, MAX_DELAY_MS) : 0;
    // Re-inserted so the map stays in order of last failure and the oldest go first.
    this.failures.delete(key);
    this.failures.set(key, { count, last: now, until });
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
  }
}

const keyOf = (subject: Subject) => ('user' in subject ? `user:${subject.user.toLowerCase()}` : `key:${subject.clientId}`);
const addressKey = (address: string) => `addr:${address}`;
const goodKey = (address: string, subjectKey: string) => `${address} ${subjectKey}`;

const throttles = new WeakMap<ServerContext, SignInThrottle>();

/** The throttle of a server (one per context, so test servers in one process are independent). */
export function throttleOf(ctx: ServerContext): SignInThrottle {
  let throttle = throttles.get(ctx);
  if (!throttle) {
    throttle = new SignInThrottle(ctx.options.limits.signInFailuresAllowed, () => ctx.now().getTime());
    throttles.set(ctx, throttle);
  }
  return throttle;
}

export function clientAddress(request: FastifyRequest): string {
  return request.ip;
}
