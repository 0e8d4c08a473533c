// The memo HTML of a reported defect's description: where the code is (file, lines, a link to it),
// the code or trace as an escaped <pre><code> block, and the environment. Every piece of text is
// escaped; links are only http(s). No `vscode` import, so it is tested in plain mocha.
import * as l10n from '@vscode/l10n';
import { escapeHtml } from '../util/html';
import { capText } from './limits';

/** Where the reported lines are and how to reach them. */
export interface CodeLink {
  /** Path relative to the workspace or repository, "/" separated. */
  readonly path: string;
  readonly startLine: number;
  readonly endLine: number;
  /** A permalink on the hosting service (the commit is pushed and the file unchanged). */
  readonly permalink?: string;
  /** The commit the lines are from, when the file is in a Git repository. */
  readonly commit?: string;
  /** Why there is no permalink (no recognised remote, not pushed, changed since the commit). */
  readonly noLinkReason?: string;
}

export interface Environment {
  readonly os: string;
  readonly vscode: string;
  readonly branch?: string;
  readonly commit?: string;
}

export interface DescriptionParts {
  /** The problem in a sentence (a diagnostic's message, a test's failure message). */
  readonly problem?: string;
  readonly test?: string;
  readonly code?: CodeLink;
  /** The selected code or trace; cut to the limits. */
  readonly block?: string;
  readonly blockName?: string;
  readonly environment?: Environment;
}

export interface Description {
  readonly html: string;
  /** The block was cut: the whole text should go into an attachment named `attachmentName`. */
  readonly cut: boolean;
}

export function lineRange(start: number, end: number): string {
  return start === end ? l10n.t('line {0}', start) : l10n.t('lines {0}–{1}', start, end);
}

/** The memo HTML of a description; `attachmentName` is named when the block had to be cut. */
export function describeReport(parts: DescriptionParts, attachmentName: string): Description {
  const out: string[] = [];
  const row = (label: string, html: string) => out.push(`<p><b>${escapeHtml(label)}</b> ${html}</p>`);
  if (parts.problem) row(l10n.t('Problem:'), escapeHtml(parts.problem));
  if (parts.test) row(l10n.t('Test:'), escapeHtml(parts.test));
  if (parts.code) {
    const { path, startLine, endLine } = parts.code;
    row(l10n.t('File:'), `${escapeHtml(path)}, ${escapeHtml(lineRange(startLine, endLine))}`);
    // Without a link, a commit or a reason there is none, the row would only repeat the file's path.
    if (parts.code.permalink || parts.code.commit || parts.code.noLinkReason) row(l10n.t('Code:'), codeLinkHtml(parts.code));
  }
  let cut = false;
  if (parts.block !== undefined) {
    const capped = capText(parts.block);
    cut = capped.cut;
    out.push(`<pre><code>${escapeHtml(capped.shown)}</code></pre>`);
    if (cut) {
      out.push(
        `<p><i>${escapeHtml(l10n.t('Shortened to {0} of {1} lines here; the whole {2} is attached as {3}.', capped.shownLines, capped.totalLines, parts.blockName ?? l10n.t('text'), attachmentName))}</i></p>`,
      );
    }
  }
  if (parts.environment) out.push(environmentHtml(parts.environment));
  return { html: `<html><body>\n${out.join('\n')}\n</body></html>`, cut };
}

function codeLinkHtml(code: CodeLink): string {
  if (code.permalink && /^https?:\/\//i.test(code.permalink)) {
    const href = escapeHtml(code.permalink);
    return `<a href="${href}">${href}</a>`;
  }
  const where = code.commit ? l10n.t('{0} at commit {1}', code.path, code.commit) : code.path;
  return escapeHtml(code.noLinkReason ? `${where} (${code.noLinkReason})` : where);
}

function environmentHtml(env: Environment): string {
  const items = [l10n.t('OS: {0}', env.os), l10n.t('VS Code: {0}', env.vscode)];
  if (env.branch || env.commit) items.push(l10n.t('Git: branch {0}, commit {1}', env.branch ?? l10n.t('(detached)'), env.commit ?? l10n.t('(none)')));
  return `<p><b>${escapeHtml(l10n.t('Environment:'))}</b></p>\n<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}
