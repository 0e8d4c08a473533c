// Content negotiation of the Core tree (reference §7.1, §8.1, §15.11): XML unless the client asks
// for JSON with `Accept: application/json` or `alt=application/json`; `alt` wins over `Accept`.
import type { FastifyRequest } from 'fastify';
import type { CoreFormat } from './entity';

/** The media types a header or `alt` value lists, best first (q-values honoured, order kept on ties). */
export function mediaRanges(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((item, index) => {
      const [type = '', ...params] = item.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.type !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((r) => r.type);
}

function altOf(request: FastifyRequest): string | undefined {
  const alt = (request.query as Record<string, string | string[] | undefined> | undefined)?.alt;
  return Array.isArray(alt) ? alt[0] : alt;
}

/** XML or JSON for a Core entity, collection or descriptor response. */
export function coreFormat(request: FastifyRequest): CoreFormat {
  const ranges = mediaRanges(altOf(request) || request.headers.accept);
  for (const type of ranges) {
    if (type === 'application/json' || type === 'text/json') return 'json';
    if (type === 'application/xml' || type === 'text/xml') return 'xml';
  }
  return 'xml';
}
