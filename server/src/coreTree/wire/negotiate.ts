// Content negotiation of the Core tree (reference §7.1, §8.1, §15.11): XML unless the client asks
// for JSON with `Accept: application/json` or `alt=application/json`; `alt` wins over `Accept`.
import type { FastifyRequest } from 'fastify';
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
