// Checks a set of defect edits against the field metadata before anything is sent: required,
// maximum length, list membership, date and number formats. Returns every problem, each with
// its field's label (what the user sees), rather than stopping at the first.
import type { FieldProblem } from './errors';
import { SERVER_DEFAULTED_FIELDS, SERVER_OWNED_FIELDS, isEmptyValue, isUserCollection } from './fieldValues';
import type { FieldCatalog, FieldMeta, FieldValue, ListTree } from './types';

export interface ValidationContext {
  /** User names of the project, for user-reference fields; membership is not checked without it. */
  users?: readonly string[];
  /** true for a new defect: every required field must be present. Default false (an edit). */
  creating?: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER = /^-?\d+$/;
const FLOAT = /^-?(\d+\.?\d*|\.\d+)$/;

export function isValidDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function problem(f: FieldMeta, code: FieldProblem['code'], message: string): FieldProblem {
  return { field: f.name, label: f.label, code, message };
}

function checkLength(f: FieldMeta, text: string, out: FieldProblem[]): void {
  if (f.maxLength !== undefined && f.dataType.name !== 'Date' && text.length > f.maxLength) {
    out.push(problem(f, 'max-length', `${f.label} is longer than ${f.maxLength} characters (${text.length}).`));
  }
}

function checkListValues(f: FieldMeta, values: string[], lists: ListTree, out: FieldProblem[]): void {
  const src = f.dataType.source;
  if (src?.kind !== 'list' || !f.referenceMatch) return;
  for (const v of values) {
    if (!lists.hasValue(src.listId, v)) out.push(problem(f, 'not-in-list', `"${v}" is not a value of ${f.label}.`));
  }
}

function checkReference(f: FieldMeta, value: FieldValue, lists: ListTree, ctx: ValidationContext, out: FieldProblem[]): void {
  const src = f.dataType.source;
  const values = Array.isArray(value) ? value : [value];
  if (Array.isArray(value) && !f.dataType.multiple) {
    out.push(problem(f, 'type', `${f.label} takes one value, not a list.`));
    return;
  }
  if (src?.kind === 'resource' && !isUserCollection(src.collection)) {
    // Resource references travel as {id, type} (or a bare id).
    for (const v of values) {
      const id = typeof v === 'object' && v !== null ? v.id : typeof v === 'string' && INTEGER.test(v) ? Number(v) : v;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
        out.push(problem(f, 'type', `${f.label} must reference an existing item by its id.`));
      }
    }
    return;
  }
  const texts: string[] = [];
  for (const v of values) {
    if (typeof v !== 'string') {
      out.push(problem(f, 'type', `${f.label} must be text.`));
      return;
    }
    texts.push(v);
    checkLength(f, v, out);
  }
  if (src?.kind === 'resource' && ctx.users && f.referenceMatch) {
    for (const t of texts) if (!ctx.users.includes(t)) out.push(problem(f, 'not-in-list', `"${t}" is not a user of this project (${f.label}).`));
  }
  checkListValues(f, texts, lists, out);
}

function checkValue(f: FieldMeta, value: FieldValue, lists: ListTree, ctx: ValidationContext, out: FieldProblem[]): void {
  switch (f.dataType.name) {
    case 'Integer': {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!INTEGER.test(text) || !Number.isSafeInteger(Number(text))) out.push(problem(f, 'format', `${f.label} must be a whole number.`));
      else checkLength(f, text.replace('-', ''), out);
      return;
    }
    case 'Float': {
      const ok = typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && FLOAT.test(value.trim());
      if (!ok) out.push(problem(f, 'format', `${f.label} must be a number (digits, "-" and ".").`));
      return;
    }
    case 'Date':
      if (typeof value !== 'string' || !isValidDate(value)) out.push(problem(f, 'format', `${f.label} must be a date in the form YYYY-MM-DD.`));
      return;
    case 'Reference':
    case 'Reference By Value':
      checkReference(f, value, lists, ctx, out);
      return;
    default:
      if (Array.isArray(value) && f.dataType.multiple) {
        checkReference(f, value, lists, ctx, out);
        return;
      }
      if (typeof value !== 'string') {
        out.push(problem(f, 'type', `${f.label} must be text.`));
        return;
      }
      checkLength(f, value, out);
  }
}

/** Every problem of `edits`, each with its field's label; empty when the edits can be sent. */
export function validateEdits(edits: Record<string, FieldValue>, fields: FieldCatalog, lists: ListTree, context: ValidationContext = {}): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const [name, value] of Object.entries(edits)) {
    const f = fields.get(name);
    if (!f) {
      out.push({ field: name, label: name, code: 'unknown-field', message: `${name} is not a field of ${fields.collection}.` });
      continue;
    }
    if (SERVER_OWNED_FIELDS.has(name)) {
      out.push(problem(f, 'read-only', `${f.label} is set by the server and cannot be changed.`));
      continue;
    }
    if (isEmptyValue(value)) {
      if (f.required) out.push(problem(f, 'required', `${f.label} is required.`));
      continue;
    }
    checkValue(f, value, lists, context, out);
  }
  if (context.creating) {
    for (const f of fields.fields) {
      if (f.required && !SERVER_DEFAULTED_FIELDS.has(f.name) && !(f.name in edits)) out.push(problem(f, 'required', `${f.label} is required.`));
    }
  }
  return out;
}
