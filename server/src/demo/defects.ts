// Streams realistic defects one at a time, so 100,000 of them never sit in memory. Positions
// 2 and 3 of every project are special: 2 gets an inline screenshot, 3 the hostile HTML.
import type { DefectInput } from '../store/projectTypes';
import { commentsHtml, descriptionHtml, hostileComment, hostileDescription } from './memos';
import type { Random } from './random';
import type { Vocabulary } from './vocabulary';

/** Position (1-based) of the defect whose description shows an attached screenshot. */
export const IMAGE_DEFECT_POSITION = 2;
/** Position (1-based) of the defect carrying every hostile construct. */
export const HOSTILE_DEFECT_POSITION = 3;
/** Every n-th defect also has one hostile fragment in its comments. */
export const HOSTILE_COMMENT_EVERY = 25;

const AREAS = [
  'Login page',
  'Dashboard',
  'Order form',
  'Invoice PDF',
  'Search results',
  'User settings',
  'REST endpoint /orders',
  'Report export',
  'Password reset',
  'Installer',
  'Mobile app',
  'Audit log',
  'Refund dialog',
  'Nightly import',
];
const PROBLEMS = [
  'crashes',
  'shows the wrong total',
  'is slow',
  'loses unsaved changes',
  'returns HTTP 500',
  'ignores the locale',
  'renders a blank page',
  'times out',
  'shows a stack trace',
  'sends two e-mails',
];
const CONDITIONS = [
  'the session expires',
  'the user has no e-mail address',
  'more than 100 rows are selected',
  'the browser zoom is 150%',
  'two users save at once',
  'the network drops',
  'a filter is cleared',
  'the date is 29 February',
  'the file name has spaces',
  `the customer is "O'Brien; Sons [UK]"`,
  'the amount is 1,000.50 €',
  'the search text is *',
];

/** Relative frequency of each status; unknown statuses of a customised list weigh 5. */
const STATUS_WEIGHTS: Record<string, number> = { New: 15, Open: 25, Fixed: 20, Closed: 25, Rejected: 5, Reopen: 10 };
const SEVERITY_WEIGHTS = [15, 40, 30, 10, 5];
const PRIORITY_WEIGHTS = [10, 35, 35, 15, 5];
const byIndex = (values: readonly string[], weights: readonly number[]) => values.map((v, i) => [v, weights[i] ?? 5] as const);

const BASE_DAY = Date.UTC(2026, 0, 31);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export function* generateDefects(rng: Random, ctx: Vocabulary, count: number): Generator<DefectInput> {
  for (let position = 1; position <= count; position++) yield makeDefect(rng, ctx, position);
}

function makeDefect(rng: Random, ctx: Vocabulary, position: number): DefectInput {
  const area = rng.pick(AREAS);
  let name = `${area} ${rng.pick(PROBLEMS)} when ${rng.pick(CONDITIONS)}`;
  if (position === HOSTILE_DEFECT_POSITION) name = 'Hostile HTML <img src=x onerror="window.__xss=1"> in summary & memo';
  const status = rng.weighted(ctx.statuses.map((v) => [v, STATUS_WEIGHTS[v] ?? 5] as const));
  const created = BASE_DAY - rng.int(0, 540) * DAY;
  const modified = Math.min(BASE_DAY + DAY - 1000, created + rng.int(0, 60) * DAY + rng.int(0, DAY / 1000 - 1) * 1000);
  const closed = status === 'Closed' || status === 'Rejected' || (status === 'Fixed' && rng.chance(0.5));
  const release = ctx.releases.length > 0 ? rng.pick(ctx.releases) : null;
  const target = ctx.releases.length > 0 && rng.chance(0.6) ? rng.pick(ctx.releases) : null;
  const platforms = rng.sample(ctx.platforms, rng.int(0, 3));
  const comments = rng.int(0, 4);
  let devComments = comments > 0 ? commentsHtml(rng, ctx.users, iso(created), comments) : null;
  if (position % HOSTILE_COMMENT_EVERY === 0) devComments = hostileComment(rng, ctx.users, iso(modified));
  const description = position === HOSTILE_DEFECT_POSITION ? hostileDescription() : descriptionHtml(rng, name);
  if (position === HOSTILE_DEFECT_POSITION) devComments = hostileDescription();

  return {
    name,
    description,
    'dev-comments': devComments,
    status,
    severity: rng.weighted(byIndex(ctx.severities, SEVERITY_WEIGHTS)),
    priority: rng.chance(0.9) ? rng.weighted(byIndex(ctx.priorities, PRIORITY_WEIGHTS)) : null,
    'detected-by': rng.pick(ctx.users),
    owner: status === 'New' && rng.chance(0.5) ? null : rng.pick(ctx.users),
    'creation-time': iso(created),
    'last-modified': stamp(modified),
    'closing-date': closed ? iso(Math.min(modified, created + rng.int(1, 30) * DAY)) : null,
    'ver-stamp': rng.int(1, 15),
    project: rng.pick(ctx.projects),
    subject: rng.pick(ctx.subjects),
    reproducible: rng.chance(0.8) ? ctx.yesNo[0] : (ctx.yesNo[1] ?? ctx.yesNo[0]),
    'detection-version': rng.pick(ctx.versions),
    'planned-closing-ver': rng.chance(0.5) ? rng.pick(ctx.versions) : null,
    'closing-version': closed ? rng.pick(ctx.versions) : null,
    'detected-in-rel': release?.id ?? null,
    'detected-in-rcyc': release && release.cycles.length > 0 && rng.chance(0.8) ? rng.pick(release.cycles) : null,
    'target-rel': target?.id ?? null,
    'target-rcyc': target && target.cycles.length > 0 && rng.chance(0.5) ? rng.pick(target.cycles) : null,
    environment: ctx.environments.length > 0 && rng.chance(0.7) ? rng.pick(ctx.environments) : null,
    'estimated-fix-time': rng.chance(0.7) ? rng.int(1, 40) : null,
    'actual-fix-time': closed && rng.chance(0.7) ? rng.int(1, 60) : null,
    'user-01': rng.pick(ctx.components),
    'user-02': platforms.length ? platforms : null,
    'user-03': rng.chance(0.3) ? `CUST-${rng.int(10000, 99999)}` : null,
    'user-04': rng.chance(0.5) ? rng.int(1, 20) / 2 : null,
    'user-05': rng.chance(0.3) ? iso(created + rng.int(7, 90) * DAY) : null,
  };
}
