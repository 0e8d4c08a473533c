// Structural comparison of two answers: key names and nesting, and value types, not values.
// Arrays are compared by the merged shape of their elements (a key present in only some
// elements is optional), so a recorded page of 3 rows matches a page of 100.

export type Shape =
  | { kind: 'scalar'; types: Set<string> }
  | { kind: 'object'; keys: Map<string, { shape: Shape; optional: boolean }>; nullable: boolean }
  | { kind: 'array'; element: Shape | undefined; nullable: boolean };

function typeName(value: unknown): string {
  return value === null ? 'null' : typeof value;
}

export function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) {
    let element: Shape | undefined;
    for (const item of value) element = element ? merge(element, shapeOf(item)) : shapeOf(item);
    return { kind: 'array', element, nullable: false };
  }
  if (value !== null && typeof value === 'object') {
    const keys = new Map<string, { shape: Shape; optional: boolean }>();
    for (const [key, v] of Object.entries(value)) keys.set(key, { shape: shapeOf(v), optional: false });
    return { kind: 'object', keys, nullable: false };
  }
  return { kind: 'scalar', types: new Set([typeName(value)]) };
}

function isNull(shape: Shape): boolean {
  return shape.kind === 'scalar' && shape.types.size === 1 && shape.types.has('null');
}

function merge(a: Shape, b: Shape): Shape {
  if (isNull(a) && b.kind !== 'scalar') return { ...b, nullable: true };
  if (isNull(b) && a.kind !== 'scalar') return { ...a, nullable: true };
  if (a.kind === 'object' && b.kind === 'object') {
    const keys = new Map<string, { shape: Shape; optional: boolean }>();
    for (const [key, entry] of a.keys) {
      const other = b.keys.get(key);
      keys.set(key, other ? { shape: merge(entry.shape, other.shape), optional: entry.optional || other.optional } : { ...entry, optional: true });
    }
    for (const [key, entry] of b.keys) if (!a.keys.has(key)) keys.set(key, { ...entry, optional: true });
    return { kind: 'object', keys, nullable: a.nullable || b.nullable };
  }
  if (a.kind === 'array' && b.kind === 'array') {
    const element = a.element && b.element ? merge(a.element, b.element) : (a.element ?? b.element);
    return { kind: 'array', element, nullable: a.nullable || b.nullable };
  }
  if (a.kind === 'scalar' && b.kind === 'scalar') return { kind: 'scalar', types: new Set([...a.types, ...b.types]) };
  // An object beside a scalar: kept as the object (a singleton collapse would show here).
  return a.kind === 'scalar' ? b : a;
}

function describe(shape: Shape): string {
  if (shape.kind === 'scalar') return [...shape.types].sort().join('|');
  return shape.kind;
}

/** The path of the first structural difference between `expected` (recorded) and `actual` (ours), or undefined. */
export function firstMismatch(expected: unknown, actual: unknown): string | undefined {
  return compare(shapeOf(expected), shapeOf(actual), '$');
}

function compare(expected: Shape, actual: Shape, path: string): string | undefined {
  if (expected.kind !== actual.kind) {
    if (isNull(actual) && expected.kind !== 'scalar' && expected.nullable) return undefined;
    if (isNull(expected) && actual.kind !== 'scalar' && actual.nullable) return undefined;
    return `${path}: recorded ${describe(expected)}, ours ${describe(actual)}`;
  }
  if (expected.kind === 'scalar' && actual.kind === 'scalar') {
    // null is "no value" in any type: a recorded null and our string (or the reverse) agree.
    const extra = [...actual.types].filter((t) => t !== 'null' && !expected.types.has(t) && !(expected.types.size === 1 && expected.types.has('null')));
    return extra.length ? `${path}: recorded ${describe(expected)}, ours ${describe(actual)}` : undefined;
  }
  if (expected.kind === 'array' && actual.kind === 'array') {
    if (!expected.element || !actual.element) return undefined;
    return compare(expected.element, actual.element, `${path}[]`);
  }
  if (expected.kind === 'object' && actual.kind === 'object') {
    for (const [key, entry] of expected.keys) {
      const ours = actual.keys.get(key);
      if (!ours) {
        if (entry.optional) continue;
        return `${path}.${key}: recorded, missing in ours`;
      }
      const deeper = compare(entry.shape, ours.shape, `${path}.${key}`);
      if (deeper) return deeper;
    }
    for (const key of actual.keys.keys()) if (!expected.keys.has(key)) return `${path}.${key}: ours only, not recorded`;
  }
  return undefined;
}
