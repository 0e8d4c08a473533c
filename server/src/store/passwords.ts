// Salted scrypt password hashes, stored as `scrypt$<salt hex>$<hash hex>`.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/**
 * Password checks run one at a time: scrypt runs on libuv's small thread pool (4 threads), which
 * file reads and writes share, so a burst of sign-ins took every thread and a 4 MB download took
 * 12.7 s instead of 0.24 s (issue 28 item 5). Queued checks wait their turn; transfers keep the
 * other threads.
 */
const MAX_RUNNING = 1;
let running = 0;
const waiting: (() => void)[] = [];

/** How many password checks run right now (at most MAX_RUNNING). */
export function passwordChecksRunning(): number {
  return running;
}

async function turn(): Promise<void> {
  if (running < MAX_RUNNING) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Checks a password without blocking the event loop; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  await turn();
  try {
    return await new Promise((resolve) => {
      scrypt(password, Buffer.from(saltHex, 'hex'), expected.length, (err, derived) => {
        resolve(!err && derived.length === expected.length && timingSafeEqual(derived, expected));
      });
    });
  } finally {
    release();
  }
}
