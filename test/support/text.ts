// Field values are typed as any field value (text, number, list, reference). Where a test expects
// text, `text()` says so: it fails naming what it got instead of comparing "[object Object]".
import { strict as assert } from 'node:assert';

/** The value as text; '' for null and undefined; fails the test for lists and objects. */
export function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  assert.ok(typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean', `expected text, got ${JSON.stringify(v)}`);
  return String(v);
}
