// The optional body of `POST rest/site-session` (reference §2.2): `<session-parameters>` with a
// `<client-type>` and a `<time-out>` in minutes (AludraTest sends one), or the same as JSON.
import { XMLParser } from 'fast-xml-parser';
import { AlmError } from '../errors';

/** Longest idle time a client may ask for: a day. */
const MAX_TIMEOUT_MINUTES = 24 * 60;

const parser = new XMLParser({ parseTagValue: false, ignoreAttributes: true, processEntities: false });

/** The time-out the body asks for, in minutes; undefined when it names none (or there is no body). */
export function requestedTimeoutMinutes(body: unknown): number | undefined {
  const text = typeof body === 'string' ? body.trim() : '';
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = text.startsWith('{') ? JSON.parse(text) : parser.parse(text, true);
  } catch (err) {
    throw new AlmError(400, 'qccore.general-error', `Malformed <session-parameters> body: ${(err as Error).message}`);
  }
  const parameters = (parsed as Record<string, unknown> | null)?.['session-parameters'];
  const raw = parameters && typeof parameters === 'object' ? (parameters as Record<string, unknown>)['time-out'] : undefined;
  if (raw === undefined || raw === '') return undefined;
  const minutes = Number(String(raw).trim());
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TIMEOUT_MINUTES) {
    throw new AlmError(400, 'qccore.general-error', `Invalid <time-out> '${String(raw)}': give whole minutes from 1 to ${MAX_TIMEOUT_MINUTES}.`);
  }
  return minutes;
}
