// A small JSON parser that keeps duplicate object keys. ALM's field metadata records carry two
// `type` members (the string `field`, then the data-type object); JSON.parse keeps only the last.
// Here the first value stays under its key and every later one is listed in DUPLICATES.

const DUPLICATES: unique symbol = Symbol('duplicate JSON keys');

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
  [DUPLICATES]?: Record<string, JsonValue[]>;
}

/** Every value the key had in the raw text, in order. */
export function allValues(obj: JsonObject, key: string): JsonValue[] {
  if (!Object.prototype.hasOwnProperty.call(obj, key)) return [];
  return [obj[key], ...(obj[DUPLICATES]?.[key] ?? [])];
}

export class JsonSyntaxError extends Error {}

export function parseJsonKeepingDuplicates(text: string): JsonValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`Invalid JSON at position ${i}: ${what}`);
  };
  const ws = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const str = (): string => {
    // Find the closing quote, then let JSON.parse handle escapes of this one string.
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (depth: number): JsonValue => {
    if (depth > 200) fail('nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: JsonObject = {};
      ws();
      if (text[i] === '}') return (i++, obj);
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const key = str();
        ws();
        if (text[i++] !== ':') fail("expected ':'");
        const v = value(depth + 1);
        if (Object.prototype.hasOwnProperty.call(obj, key)) {
          const dups = (obj[DUPLICATES] ??= {});
          (dups[key] ??= []).push(v);
        } else {
          Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        }
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') return (i++, obj);
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const arr: JsonValue[] = [];
      ws();
      if (text[i] === ']') return (i++, arr);
      for (;;) {
        arr.push(value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') return (i++, arr);
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return str();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
    if (!m) return fail('unexpected character');
    i += m[0].length;
    return JSON.parse(m[0]) as JsonValue;
  };
  const result = value(0);
  ws();
  if (i < text.length) fail('unexpected text after the value');
  return result;
}
