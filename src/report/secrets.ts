// Secrets in what a report sends: found and masked before the text becomes a defect's summary,
// description or attachment, which everyone on the project reads. The patterns are the common
// credential shapes (AWS keys, tokens of GitHub, Slack, Google, Stripe and JWTs, private key blocks,
// Authorization headers, passwords in URLs, JDBC strings and assignments, Slack webhooks); each is
// linear in the text (no nested repetition). Also the user's home folder, which paths would reveal.
// No `vscode` import, so it is tested in plain mocha.
import * as l10n from '@vscode/l10n';

/** What stands where a secret was. */
export const MASK = '[masked]';

interface SecretPattern {
  /** What the form names, e.g. "AWS access key". */
  readonly kind: () => string;
  /** Global; the groups before `keep` stay, the rest of the match is masked. */
  readonly pattern: RegExp;
  /** How many leading groups stay (a key's name, the "Basic " scheme). */
  readonly keep: number;
}

// A name that says its value is a secret, then `=`, `:`, `=>` or `:=` (quoted or not), then the value.
const SECRET_NAME = String.raw`(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|credentials?|auth[_-]?key)`;

const PATTERNS: readonly SecretPattern[] = [
  { kind: () => l10n.t('AWS access key'), pattern: /()\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[0-9A-Z]{16}\b/g, keep: 1 },
  { kind: () => l10n.t('GitHub token'), pattern: /()\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{30,255})/g, keep: 1 },
  { kind: () => l10n.t('Slack token'), pattern: /()\bxox[abposr]-[A-Za-z0-9-]{10,255}/g, keep: 1 },
  { kind: () => l10n.t('Slack webhook'), pattern: /(https:\/\/hooks\.slack\.com\/)(?:services|workflows|triggers)\/[A-Za-z0-9/_-]{8,255}/g, keep: 1 },
  { kind: () => l10n.t('Google API key'), pattern: /()\bAIza[0-9A-Za-z_-]{35}/g, keep: 1 },
  { kind: () => l10n.t('Stripe key'), pattern: /()\b[sr]k_(?:live|test)_[0-9A-Za-z]{16,255}/g, keep: 1 },
  { kind: () => l10n.t('JSON web token'), pattern: /()\beyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{8,4096}/g, keep: 1 },
  {
    kind: () => l10n.t('Authorization header'),
    pattern: /(\bauthorization["']?[ \t]{0,20}[:=][ \t]{0,20}["']?(?:Basic|Bearer|Digest|Token|Negotiate|NTLM)[ \t]{1,20})[^\s"']{4,4096}/gi,
    keep: 1,
  },
  // Basic credentials without the header's name: base64 of "user:password" has a digit, "+", "/" or "=".
  { kind: () => l10n.t('Basic credentials'), pattern: /(\bBasic[ \t]{1,20})(?=[A-Za-z]{0,4095}[0-9+/=])[A-Za-z0-9+/]{8,4096}={0,2}/g, keep: 1 },
  // user:password@ in any URL (JDBC, database, HTTP), and Oracle's user/password@.
  { kind: () => l10n.t('password in a URL'), pattern: /(\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s/:@]{1,256}:)[^\s/@]{1,256}(?=@)/gi, keep: 1 },
  { kind: () => l10n.t('password in a URL'), pattern: /(\bjdbc:oracle:[a-z]{1,10}:[^\s/:@]{1,256}\/)[^\s@]{1,256}(?=@)/gi, keep: 1 },
  {
    kind: () => l10n.t('password or key'),
    pattern: new RegExp(String.raw`(${SECRET_NAME}[A-Za-z0-9_]{0,40}["']?[ \t]{0,20}(?:=>|:=|=|:)[ \t]{0,20}["']?)(?!\[masked\])[^\s"',;&<>]{3,4096}`, 'gi'),
    keep: 1,
  },
];

/** `text` with its secrets masked, and the kinds found (each once, in the order first found). */
export function maskSecrets(text: string): { text: string; kinds: string[] } {
  const kinds: string[] = [];
  const found = (kind: string) => kinds.includes(kind) || kinds.push(kind);
  let out = maskPrivateKeys(text, () => found(l10n.t('private key')));
  for (const { kind, pattern, keep } of PATTERNS) {
    out = out.replace(pattern, (...m: string[]) => {
      found(kind());
      return `${m.slice(1, keep + 1).join('')}${MASK}`;
    });
  }
  return { text: out, kinds };
}

/** PEM private key blocks, each to its END line (or the end of the text when cut off): one pass with indexOf. */
function maskPrivateKeys(text: string, found: () => void): string {
  const begin = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
  let out = '';
  let from = 0;
  for (let m = begin.exec(text); m; m = begin.exec(text)) {
    const end = text.indexOf('PRIVATE KEY-----', m.index + m[0].length);
    const stop = end < 0 ? text.length : end + 'PRIVATE KEY-----'.length;
    out += `${text.slice(from, m.index)}-----BEGIN PRIVATE KEY----- ${MASK} -----END PRIVATE KEY-----`;
    found();
    from = stop;
    begin.lastIndex = stop;
  }
  return out + text.slice(from);
}

/** `text` with the user's home folder (as a path prefix, either slash) written `~`. */
export function hideHome(text: string, home: string | undefined): string {
  const trimmed = home?.replace(/[\\/]+$/, '');
  // A home of "/" or "C:" would hide nothing worth hiding and mangle every path.
  if (!trimmed || trimmed.length < 3) return text;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const forms = [...new Set([trimmed, trimmed.replace(/\\/g, '/'), trimmed.replace(/\//g, '\\')])].map(escape);
  // Only the whole folder name: "/home/al" is not the start of "/home/alice". Windows paths ignore case.
  return text.replace(new RegExp(`(?:${forms.join('|')})(?![^\\\\/\\s"'<>:;,)\\]])`, /^[a-z]:/i.test(trimmed) ? 'gi' : 'g'), '~');
}
