// Content negotiation of the Core tree (reference §7.1, §8.1, §15.11): XML unless the client asks
// for JSON with `Accept: application/json` or `alt=application/json`; `alt` wins over `Accept`.
import type { FastifyRequest } from 'fastify';
import { AlmError } from '../../errors';
import { mediaRanges, requestedMedia } from '../../mediaTypes';
import type { CoreFormat } from './entity';

/** XML or JSON for a Core entity, collection or descriptor response. */
export function coreFormat(request: FastifyRequest): CoreFormat {
  const ranges = mediaRanges(requestedMedia(request));
  for (const type of ranges) {
    if (type === 'application/json' || type === 'text/json') return 'json';
    if (type === 'application/xml' || type === 'text/xml') return 'xml';
  }
  return 'xml';
}

/**
 * The body of an entity write, refused with 415 when sent as text/plain: a cross-site page can send
 * text/plain without a CORS preflight, XML and JSON it cannot (issue 28 item 7).
 */
export function entityBody(request: FastifyRequest): unknown {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/plain') {
    throw new AlmError(415, 'qccore.general-error', 'Entities are written as application/xml or application/json, not text/plain: set the Content-Type header.');
  }
  return request.body;
}

/** Whether the body was sent under the documented bulk type `application/{json,xml};type=collection` (reference §4.2). */
export function sentAsCollection(request: FastifyRequest): boolean {
  const [, ...params] = (request.headers['content-type'] ?? '').split(';');
  return params.some((p) => p.replace(/\s+/g, '').toLowerCase() === 'type=collection');
}
