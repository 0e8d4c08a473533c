// The icon a defect gets from its severity. Severity lists differ between projects ("1-Low" …
// "5-Urgent" by default, words elsewhere), so the rank comes from a leading number or a keyword.
export interface SeverityIcon {
  id: string;
  color?: string;
}

const KEYWORDS: [RegExp, number][] = [
  [/urgent|critical|blocker|showstopper|fatal/i, 5],
  [/very\s*high|major|severe/i, 4],
  [/high/i, 3],
  [/medium|normal|moderate/i, 2],
  [/low|minor|trivial|cosmetic/i, 1],
];

/** 1 (lowest) to 5 (highest), or undefined when the value says nothing recognisable. */
export function severityRank(severity: string | null | undefined): number | undefined {
  if (!severity) return undefined;
  const digit = /^\s*(\d)/.exec(severity);
  if (digit) return Math.min(5, Math.max(1, Number(digit[1])));
  return KEYWORDS.find(([re]) => re.test(severity))?.[1];
}

/**
 * Our own colours (package.json `contributes.colors`), opaque in every theme kind: the `charts.*`
 * colours they replace are translucent in some themes (4-Very High's orange had 33 % alpha in Light
 * Modern, issue 37.10) and so nearly invisible.
 */
const ICONS: Record<number, SeverityIcon> = {
  5: { id: 'flame', color: 'almDefects.severity.urgent' },
  4: { id: 'error', color: 'almDefects.severity.veryHigh' },
  3: { id: 'warning', color: 'almDefects.severity.high' },
  2: { id: 'info', color: 'almDefects.severity.medium' },
  1: { id: 'circle-outline', color: 'almDefects.severity.low' },
};

export function severityIcon(severity: string | null | undefined): SeverityIcon {
  const rank = severityRank(severity);
  return rank ? ICONS[rank] : { id: 'bug' };
}
