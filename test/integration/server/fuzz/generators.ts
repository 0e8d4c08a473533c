// Hostile values for the server fuzz test: query strings, field lists, orderings and paging
// values, JSON bodies (malformed, deeply nested, huge, wrongly typed, `__proto__` keys),
// multipart bodies (missing parts, wrong boundaries, huge part headers, names with `../` and
// NUL) and cookie/header values. Everything comes from a seeded generator.
import type { Rng } from '../../../support/random';

/** Marks any file a traversal could create, so the test can look for it anywhere. */
export const ESCAPE_MARK = 'fuzzpwn';

const NASTY = [
  '',
  ' ',
  '%',
  '%00',
  '%zz',
  '\u0000',
  "'",
  '"',
  '\\',
  '{',
  '}',
  '[',
  ']',
  ';',
  ',',
  '-',
  '--',
  '*',
  '?',
  '&',
  '=',
  '+',
  '#',
  '💥',
  '\ud800',
  'ünïcödé',
  '\r\n',
  '\t',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1',
  '1.5',
  '1e309',
  '99999999999999999999999',
  '-9223372036854775809',
  '2147483648',
  'id',
  'name',
  'status',
  'owner',
  '-id',
  'name,id',
  'id,,name',
  `../../${ESCAPE_MARK}`,
  `..\\..\\${ESCAPE_MARK}`,
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE defects; --',
  '{status[Open]}',
  '{status[Open or New]}',
  '{name["a]}',
  '{id[>1;<5]}',
  '{id[1 or 2 and 3]}',
  '{name[*]}',
  '{no-such-field[1]}',
  '{id[]}',
  '{id[> ]}',
  '{{{{',
  ']]]]',
  "{name['x']}",
  'status[Open]',
  '{id[NOT 1]}',
  '{id[1]};{id[2]}',
  '{name[a\\]b]}',
  '{last-modified[>"2020-01-01"]}',
  '{owner[@me]}',
  '{severity["1-Low" or "2-Medium"]}',
];

const QUERY_KEYS = ['query', 'fields', 'order-by', 'limit', 'offset', 'page-size', 'start-index', 'alt', 'login-form-required', 'x'];

function randomText(rng: Rng, max: number): string {
  let s = '';
  for (let n = rng.int(0, max); n > 0; n--) s += String.fromCharCode(rng.chance(0.8) ? rng.int(32, 126) : rng.int(0, 0xffff));
  return s;
}

/** One nasty string: a known troublemaker, random text, a huge run, or two of these glued. */
export function nastyString(rng: Rng, depth = 0): string {
  const r = rng.next();
  if (r < 0.5) return rng.pick(NASTY);
  if (r < 0.7) return randomText(rng, 40);
  if (r < 0.75) return rng.pick(['a', '{', '[', '%', '9']).repeat(rng.chance(0.2) ? rng.int(20_000, 70_000) : rng.int(500, 5000));
  if (depth > 1) return rng.pick(NASTY);
  return nastyString(rng, depth + 1) + rng.pick(['', ',', ';', ' ', '[', ']']) + nastyString(rng, depth + 1);
}

/** A query string of random keys and values, sometimes left un-encoded or broken. */
export function queryString(rng: Rng): string {
  if (rng.chance(0.05)) return costlyQuery(rng);
  const parts: string[] = [];
  for (let n = rng.int(0, 4); n > 0; n--) {
    const key = rng.chance(0.85) ? rng.pick(QUERY_KEYS) : nastyString(rng);
    const value = nastyString(rng);
    const encode = rng.chance(0.85) ? encodeURIComponent : (s: string) => s.replace(/[\s#]/g, '+');
    try {
      parts.push(`${encode(key)}=${encode(value)}`);
    } catch {
      parts.push(`${key.length}=${value.length}`); // a lone surrogate cannot be URI-encoded
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** What a query may cost (issue 28 item 3): many memo conditions, memo ordering, deep pages in an unindexed order. */
function costlyQuery(rng: Rng): string {
  const memo = rng.pick(['description', 'dev-comments', 'request-note']);
  const words = Array.from({ length: rng.int(5, 600) }, (_, i) => `*w${i}*`).join(' or ');
  return `?${rng.pick([
    `query=${encodeURIComponent(`{${memo}[${words}]}`)}`,
    `order-by=${encodeURIComponent(rng.chance(0.5) ? `{${memo}[CI]}` : `-${memo}`)}`,
    `order-by=${encodeURIComponent('{name[CI]}')}&start-index=${rng.int(1, 50_000)}&offset=${rng.int(0, 50_000)}`,
  ])}`;
}

function nested(depth: number, inner: string): string {
  return '['.repeat(depth) + inner + ']'.repeat(depth);
}

/** A value of a random JSON type. */
function jsonValue(rng: Rng, depth = 0): unknown {
  const r = rng.next();
  if (r < 0.3) return nastyString(rng);
  if (r < 0.45) return rng.pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, 7]);
  if (r < 0.55) return rng.pick([null, true, false]);
  if (depth > 3) return null;
  if (r < 0.75) return Array.from({ length: rng.int(0, 4) }, () => jsonValue(rng, depth + 1));
  return jsonObject(rng, depth + 1);
}

function jsonObject(rng: Rng, depth = 0): Record<string, unknown> {
  const keys = ['name', 'status', 'severity', 'description', 'id', 'type', 'data', 'entity', 'ver-stamp', 'owner', 'Fields', 'Name', 'values', 'value'];
  const out: Record<string, unknown> = {};
  for (let n = rng.int(0, 5); n > 0; n--) out[rng.chance(0.8) ? rng.pick(keys) : nastyString(rng)] = jsonValue(rng, depth);
  return out;
}

/** A JSON-ish body: well-formed with wrong types, or malformed, nested, huge or prototype-polluting. */
export function jsonBody(rng: Rng): string {
  const kind = rng.int(0, 9);
  switch (kind) {
    case 0:
      return nested(rng.int(1000, 100_000), '1');
    case 1:
      return `{"__proto__": {"isAdmin": true, "polluted": 1}, "name": "x", "constructor": {"prototype": {"polluted": 1}}}`;
    case 2:
      return JSON.stringify({ name: 'x'.repeat(rng.int(10_000, 2_000_000)) });
    case 3:
      return rng.pick(['', '{', '{"name":', '[', 'null', 'true', '"text"', '12', '{"a":1,}', "{'a':1}", '\u0000', '{"a":"\\ud800"}', '{"a":1}{"b":2}']);
    case 4:
      return JSON.stringify({ data: Array.from({ length: rng.int(0, 3) }, () => jsonObject(rng)) });
    case 5:
      return JSON.stringify({ data: [{ entity: jsonValue(rng), type: jsonValue(rng), id: jsonValue(rng) }] });
    default:
      return JSON.stringify(rng.chance(0.8) ? jsonObject(rng) : jsonValue(rng));
  }
}

function xmlText(rng: Rng): string {
  return nastyString(rng).replace(/[<&]/g, (c) => (rng.chance(0.5) ? c : c === '<' ? '&lt;' : '&amp;'));
}

/** A Core entity in XML: well-formed with hostile values, malformed, entity bombs, external entities. */
export function xmlBody(rng: Rng): string {
  const field = (name: string, value: string) => `<Field Name="${name}"><Value>${value}</Value></Field>`;
  const names = ['name', 'status', 'severity', 'description', 'id', 'ver-stamp', 'owner', 'no-such-field', nastyString(rng).replace(/["<&]/g, '')];
  const fields = Array.from({ length: rng.int(0, 4) }, () => field(rng.pick(names), xmlText(rng))).join('');
  switch (rng.int(0, 11)) {
    case 0:
      return `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]><Entity Type="defect"><Fields>${field('name', '&lol4;')}</Fields></Entity>`;
    case 1:
      return `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Entity Type="defect"><Fields>${field('name', '&xxe;')}</Fields></Entity>`;
    case 2:
      return rng.pick(['', '<', '<Entity', '<Entity Type="defect"><Fields>', '</Entity>', '<?xml version="1.0"?>', '<a><b></a></b>', '\u0000<Entity/>']);
    case 3:
      return '<Entity><Fields>'.repeat(rng.int(100, 5000));
    // What parsing may cost within the body limit (issue 28 item 2): attributes, references, elements, long attributes.
    case 5:
      return `<Entity Type="defect" ${Array.from({ length: rng.int(5, 20_000) }, (_, i) => `a${i}="1"`).join(' ')}><Fields/></Entity>`;
    case 6:
      return `<Entity Type="defect"><Fields>${field('description', '&amp;'.repeat(rng.chance(0.1) ? rng.int(900_000, 1_100_000) : rng.int(1, 50_000)))}</Fields></Entity>`;
    case 7:
      return `<Entities>${'<Entity/>'.repeat(rng.int(1, 200_000))}</Entities>`;
    case 8:
      return `<Entity Type="defect"><Fields>${field('x'.repeat(rng.int(1000, 200_000)), 'v')}${field('name', '\u0001 \u001b[31m')}</Fields></Entity>`;
    case 4:
      return `<Entities>${Array.from({ length: rng.int(0, 3) }, () => `<Entity Type="defect"><Fields>${fields}</Fields></Entity>`).join('')}</Entities>`;
    default:
      return `<Entity Type="${rng.chance(0.8) ? 'defect' : xmlText(rng).replace(/"/g, '')}"><Fields>${fields}</Fields></Entity>`;
  }
}

/** A multipart body and the content type that announces it (the boundary may not match). */
export function multipartBody(rng: Rng): { contentType: string; body: Buffer } {
  const boundary = `fz${rng.int(0, 1e9)}`;
  const announced = rng.chance(0.15) ? rng.pick(['', 'other', `${boundary}x`, '"', 'a'.repeat(300)]) : boundary;
  const names = ['filename', 'description', 'entity.type', 'entity.id', 'override-existing-attachment', 'ref-subtype', 'file', nastyString(rng)];
  const parts: string[] = [];
  for (let n = rng.int(0, 6); n > 0; n--) {
    const name = rng.pick(names);
    const value =
      name === 'filename'
        ? rng.pick([`../../${ESCAPE_MARK}.txt`, `a\u0000b.txt`, `..`, `.`, '/abs/x', `${ESCAPE_MARK}/../../x`, nastyString(rng)])
        : name === 'entity.type'
          ? rng.pick(['defect', 'test', nastyString(rng)])
          : name === 'entity.id'
            ? rng.pick(['1', '2', '0', '-1', nastyString(rng)])
            : nastyString(rng);
    const extraHeader = rng.chance(0.1) ? `X-Huge: ${'h'.repeat(rng.int(1000, 100_000))}\r\n` : '';
    const file = name === 'file' ? `; filename="${rng.chance(0.5) ? `../${ESCAPE_MARK}\u0000.bin` : 'ok.bin'}"\r\nContent-Type: application/octet-stream` : '';
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n${extraHeader}\r\n${value}\r\n`);
  }
  const end = rng.chance(0.8) ? `--${boundary}--\r\n` : '';
  return { contentType: `multipart/form-data; boundary=${announced}`, body: Buffer.from(parts.join('') + end, 'utf8') };
}

/** A cookie header: the real session's cookies, damaged ones, or garbage. */
export function cookieHeader(rng: Rng, real: string): string {
  const r = rng.next();
  if (r < 0.5) return real;
  if (r < 0.65) return real.replace(/=([^;]{4})/, `=${nastyString(rng).replace(/[;\r\n\u0000-\u001f\u007f-\uffff]/g, '')}`);
  if (r < 0.8) return `LWSSO_COOKIE_KEY=${'x'.repeat(rng.chance(0.1) ? rng.int(0, 20_000) : rng.int(0, 300))}; QCSession=${rng.int(0, 1e9)}`;
  return randomText(rng, 200).replace(/[\r\n\u0000-\u001f\u007f-\uffff]/g, '');
}
