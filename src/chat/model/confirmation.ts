// The confirmations the write tools show before anything is sent, field by field, and the ledger
// that ties a write to the confirmation the user accepted: `prepareInvocation` records exactly
// what it showed (input and the values it read), `invoke` refuses a write that was never shown
// and one whose fields changed on the server since. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { localDate } from '../../defects/comments';
import { escapeMarkdown } from '../../util/markdown';
import type { ResolvedChange } from './changes';

export interface Confirmation {
  title: string;
  /** Markdown; every server and model value in it is escaped. */
  message: string;
}

export interface DefectHeading {
  id: number;
  name: string;
  where: string;
}

function heading(d: DefectHeading): string {
  return l10n.t('**Defect {0}**: {1} · {2}', d.id, escapeMarkdown(d.name), escapeMarkdown(d.where));
}

/** Escaped text of several lines, each kept on its own line of a quote. */
function quoted(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((l) => `> ${escapeMarkdown(l)}`)
    .join('\n');
}

export function commentConfirmation(d: DefectHeading, user: string, date: Date, comment: string, commentsLabel: string): Confirmation {
  return {
    title: l10n.t('Add a comment to ALM defect {0}?', d.id),
    message: [
      heading(d),
      '',
      l10n.t('Appends to {0} (`dev-comments`), after the comments already there; no other field changes:', escapeMarkdown(commentsLabel)),
      '',
      `> **${escapeMarkdown(user)}, ${localDate(date)}:**`,
      quoted(comment),
    ].join('\n'),
  };
}

export interface ChangeRow extends ResolvedChange {
  /** The current value as read for the confirmation (memo text for memos). */
  current: string;
}

export function updateConfirmation(d: DefectHeading, rows: readonly ChangeRow[]): Confirmation {
  const lines = rows.map((r) => `- ${escapeMarkdown(r.label)} (\`${r.field}\`): ${escapeMarkdown(r.current)} → ${escapeMarkdown(r.shown)}`);
  return {
    title: rows.length === 1 ? l10n.t('Change 1 field of ALM defect {0}?', d.id) : l10n.t('Change {0} fields of ALM defect {1}?', rows.length, d.id),
    message: [heading(d), '', l10n.t("Sets, under the defect's lock; every other field stays as it is:"), '', ...lines].join('\n'),
  };
}

/** The several-defects update: where, which defects (the first ones by summary), and each field's new value. */
export function bulkUpdateConfirmation(where: string, defects: readonly { id: number; name: string }[], count: number, rows: readonly ResolvedChange[]): Confirmation {
  const shown = defects.map((d) => `- ${l10n.t('**Defect {0}**: {1}', d.id, escapeMarkdown(d.name))}`);
  const more = count > defects.length ? [l10n.t('- … and {0} more', count - defects.length)] : [];
  return {
    title: l10n.t('Change {0} fields of {1} ALM defects?', rows.length, count),
    message: [
      escapeMarkdown(where),
      '',
      ...shown,
      ...more,
      '',
      l10n.t("Sets on each, under the defect's lock; a defect someone else is editing is skipped and reported, and every other field stays as it is:"),
      '',
      ...rows.map((r) => `- ${escapeMarkdown(r.label)} (\`${r.field}\`): → ${escapeMarkdown(r.shown)}`),
    ].join('\n'),
  };
}

interface Entry {
  at: number;
  /** The server's values of the changed fields when the confirmation was built. */
  seen: Record<string, unknown>;
}

/**
 * Writes the user confirmed, keyed by tool and exact input. An entry is used once and expires, so a
 * write can only follow a confirmation of exactly that change.
 */
export class ConfirmationLedger {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 15 * 60_000,
    private readonly max = 100,
    private readonly now: () => number = Date.now,
  ) {}

  static key(tool: string, input: unknown): string {
    return `${tool}\u0000${canonical(input)}`;
  }

  record(tool: string, input: unknown, seen: Record<string, unknown> = {}): void {
    this.prune();
    const key = ConfirmationLedger.key(tool, input);
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), seen });
    // prepareInvocation is not always followed by invoke: the oldest unused entries go first.
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The values seen when the confirmation was built, or undefined when there was none; removes it. */
  take(tool: string, input: unknown): Record<string, unknown> | undefined {
    this.prune();
    const key = ConfirmationLedger.key(tool, input);
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry?.seen;
  }

  private prune(): void {
    const oldest = this.now() - this.ttlMs;
    for (const [k, e] of this.entries) if (e.at < oldest) this.entries.delete(k);
  }
}

/** JSON with object keys sorted, so the same input always gives the same key. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
