// Reading what a client asks for: the media ranges of an `Accept` header (or the Core tree's
// `alt` parameter, which replaces it). Shared by error bodies, Core entities and attachments.
import type { FastifyRequest } from 'fastify';

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

/** What the request asks for: `alt` when given, else `Accept`. */
export function requestedMedia(request: FastifyRequest): string | undefined {
  const alt = (request.query as Record<string, string | string[] | undefined> | undefined)?.alt;
  return (Array.isArray(alt) ? alt[0] : alt) || request.headers.accept;
}

/** True when the request accepts XML: no Accept at all, `*\/*`, `application/*`, or an XML type. */
export function acceptsXml(request: FastifyRequest): boolean {
  const ranges = mediaRanges(requestedMedia(request));
  return ranges.length === 0 || ranges.some((t) => t === '*/*' || t === 'application/*' || t === 'text/*' || t === 'application/xml' || t === 'text/xml');
}
