// The server's clock: Core `GET rest/server/time` (listed in the 26.1 resource list, reference §17).
// Change queries compare `last-modified` with the server's own time, never the client's (clocks
// and time zones differ). `DateTime` is the server-local `yyyy-MM-dd HH:mm:ss` that `last-modified`
// is written in, so it goes into a query as it came.
import { UnexpectedAnswerError } from './errors';
import { isRecord, scalarText } from './dialect/coreValues';

export interface ServerTime {
  /** `yyyy-MM-dd HH:mm:ss` in the server's time zone. */
  dateTime: string;
  /** Milliseconds since the epoch, when the server said. */
  millis?: number;
}

export const SERVER_TIME_PATH = '/rest/server/time';

/** The answer's `ServerTimeInfo` (JSON keeps the root, XML is the same element). */
export function parseServerTime(body: unknown): ServerTime {
  const info = isRecord(body) ? body.ServerTimeInfo : undefined;
  const dateTime = isRecord(info) ? scalarText(info.DateTime).trim() : '';
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(dateTime)) throw new UnexpectedAnswerError("The server's time is not a valid ServerTimeInfo answer.");
  const millis = isRecord(info) ? Number(scalarText(info.TimeInMillis)) : NaN;
  return Number.isFinite(millis) && millis > 0 ? { dateTime, millis } : { dateTime };
}
