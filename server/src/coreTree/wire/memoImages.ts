// What a live 26.1 does to memo images on read (reference §16.6): an `<img>` whose `src` is
// relative (`NAME`, `attachments/NAME`) comes back as a bare `<img />`; absolute `http(s)://`,
// `data:` and root-relative (`/qcbin/…`, our demo's inline screenshot) sources are kept. The
// stored memo is not changed. The tags are found by an HTML tokenizer, and only their text is
// replaced, so the rest of the memo reaches the client byte for byte.
import { Parser } from 'htmlparser2';

/** True for a source a 26.1 keeps: a scheme (`https:`, `data:`), `//host/…` or a root-relative path. */
function keptSource(src: string): boolean {
  const trimmed = src.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('/');
}

/** The memo with every relative-source `<img>` reduced to `<img />`. */
export function stripRelativeImageSources(html: string): string {
  if (!html.toLowerCase().includes('<img')) return html;
  const cuts: [number, number][] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'img' && attributes.src !== undefined && !keptSource(attributes.src)) cuts.push([parser.startIndex, parser.endIndex]);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  let out = html;
  for (const [start, end] of cuts.reverse()) out = `${out.slice(0, start)}<img />${out.slice(end + 1)}`;
  return out;
}
