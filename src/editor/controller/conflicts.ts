// ver-stamp conflicts: when the defect changed on the server since the user loaded it (the one
// conflict rule of every write, "seen values stand", in src/defects/lockedWrite.ts: the form is
// what the user saw), every field changed on either side becomes a row with the server's value
// beside the user's, and the user's choices turn into the edits that are then saved. Nothing the
// user typed is dropped unless they choose the server's value for that field.
import type { ConflictChoice, ConflictRow, ConflictView, WireValue } from '../../shared/editorProtocol';
import { SERVER_OWNED_FIELDS, sameValue } from '../../api/index';
import { changedSinceSeen, verStampOf } from '../../defects/lockedWrite';

/**
 * The field-by-field choice, or undefined when the server's ver-stamp is the one the edits were
 * made against. `base` holds the values the user loaded, `latest` the server's current ones.
 */
export function findConflict(base: Record<string, WireValue>, latest: Record<string, WireValue>, edits: Record<string, WireValue>, label: (field: string) => string): ConflictView | undefined {
  const names = new Set([...Object.keys(edits), ...Object.keys(latest), ...Object.keys(base)]);
  const moved = new Set(changedSinceSeen(base, latest, names));
  // Nothing the user saw changed on the server (the stamp may have moved on a server-owned field): no choice to make.
  if (moved.size === 0) return undefined;
  const rows: ConflictRow[] = [];
  for (const field of names) {
    if (SERVER_OWNED_FIELDS.has(field)) continue;
    const changedOnServer = moved.has(field);
    const changedByMe = Object.hasOwn(edits, field);
    if (!changedOnServer && !changedByMe) continue;
    const mine = changedByMe ? edits[field] : (base[field] ?? null);
    const server = latest[field] ?? null;
    // Both sides arrived at the same value: nothing to choose.
    if (changedByMe && sameValue(mine, server)) continue;
    rows.push({ field, label: label(field), server, mine, changedOnServer, changedByMe });
  }
  // Both sides arrived at the same values: no choice to make.
  if (rows.length === 0) return undefined;
  rows.sort((a, b) => Number(b.changedByMe && b.changedOnServer) - Number(a.changedByMe && a.changedOnServer) || a.label.localeCompare(b.label));
  return { serverVerStamp: verStampOf(latest), rows };
}

/** The default choice of a row: the user's own edit, else the server's new value. */
function defaultChoice(row: ConflictRow): ConflictChoice {
  return row.changedByMe ? 'mine' : 'server';
}

/**
 * The edits after the user's choices, to be saved against `latest`: "mine" keeps the user's value
 * (also to undo a server change they did not make), "server" drops the edit.
 */
export function applyChoices(
  conflict: ConflictView,
  choices: Readonly<Record<string, ConflictChoice>>,
  edits: Record<string, WireValue>,
  latest: Record<string, WireValue>,
): Record<string, WireValue> {
  const next: Record<string, WireValue> = { ...edits };
  for (const row of conflict.rows) {
    const choice = choices[row.field] ?? defaultChoice(row);
    if (choice === 'server' || sameValue(row.mine, latest[row.field])) delete next[row.field];
    else next[row.field] = row.mine;
  }
  // Edits outside the rows agreed with the server already; they are no change any more.
  for (const field of Object.keys(next)) {
    if (!conflict.rows.some((r) => r.field === field) && sameValue(next[field], latest[field])) delete next[field];
  }
  return next;
}
