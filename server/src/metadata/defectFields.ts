// The defect fields: the seed's full table (lengths, Not Null, Reference Match, list ids and
// reference sources) plus the user-defined fields every project of this server carries.
import { field } from './types';
import type { FieldDef } from './types';

/** Top-level list ids named by the seed, plus the lists of the user-defined fields. */
export const LIST_IDS = {
  yesNo: 1,
  subject: 2,
  versions: 35,
  status: 222,
  priority: 260,
  project: 266,
  severity: 287,
  component: 1001,
  platforms: 1002,
  /** The "Link Type" list of defect links (Duplicate, Related; reference §16.10). A live 26.1 numbers it 266, which this server's Project list already uses. */
  linkType: 1003,
} as const;

const byValue = (name: string, label: string, listId: number, maxLength: number, extra: Partial<FieldDef> = {}) =>
  field(name, label, 'Reference By Value', { listId, maxLength, referenceMatch: true, ...extra });
const int = (name: string, label: string, maxLength: number, extra: Partial<FieldDef> = {}) => field(name, label, 'Integer', { maxLength, ...extra });
const str = (name: string, label: string, maxLength: number) => field(name, label, 'String', { maxLength });
// Release, cycle and environment references all have History on in a live 26.1 (reference §16.8).
const resourceRef = (name: string, label: string, resource: FieldDef['resource']) => field(name, label, 'Reference', { resource, referenceMatch: true, history: true });

export const DEFECT_FIELDS: readonly FieldDef[] = [
  int('id', 'Defect ID', 10, { readOnly: true }),
  int('ver-stamp', 'Version Stamp', 10, { readOnly: true }),
  field('name', 'Summary', 'String', { maxLength: 255, required: true }),
  field('description', 'Description', 'Memo'),
  field('dev-comments', 'Comments', 'Memo'),
  field('request-note', 'Request Note', 'Memo'),
  field('creation-time', 'Detected on Date', 'Date', { maxLength: 1, required: true, referenceMatch: true, format: 'YYYY-MM-DD' }),
  field('closing-date', 'Closing Date', 'Date', { maxLength: 1, referenceMatch: true, format: 'YYYY-MM-DD' }),
  // Stored as `YYYY-MM-DD hh:mm:ss`, so it sorts and compares as a date-time.
  field('last-modified', 'Modified', 'String', { maxLength: 20, readOnly: true, kind: 'datetime' }),
  field('detected-by', 'Detected By', 'Reference', { maxLength: 60, required: true, referenceMatch: true, resource: 'user' }),
  field('owner', 'Assigned To', 'Reference', { maxLength: 60, referenceMatch: true, resource: 'user', history: true }),
  byValue('severity', 'Severity', 287, 70, { required: true, history: true }),
  byValue('status', 'Status', 222, 70, { history: true }),
  byValue('priority', 'Priority', 260, 70),
  byValue('project', 'Project', 266, 70, { referenceMatch: false }),
  byValue('closing-version', 'Closed in Version', 35, 70),
  byValue('detection-version', 'Detected in Version', 35, 70),
  byValue('planned-closing-ver', 'Planned Closing Version', 35, 70),
  byValue('reproducible', 'Reproducible', 1, 1),
  byValue('to-mail', 'To Mail', 1, 1, { referenceMatch: false }),
  byValue('subject', 'Subject', 2, 10),
  resourceRef('detected-in-rel', 'Detected in Release', 'releases'),
  resourceRef('target-rel', 'Target Release', 'releases'),
  resourceRef('detected-in-rcyc', 'Detected in Cycle', 'release_cycles'),
  resourceRef('target-rcyc', 'Target Cycle', 'release_cycles'),
  resourceRef('environment', 'Environment', 'environments'),
  int('actual-fix-time', 'Actual Fix Time', 5),
  int('estimated-fix-time', 'Estimated Fix Time', 5),
  int('cycle-id', 'Test Set', 10),
  int('run-reference', 'Run Reference', 10),
  int('step-reference', 'Run Step Reference', 10),
  int('test-reference', 'Test Reference', 10),
  int('request-id', 'Request ID', 10),
  str('cycle-reference', 'Cycle Reference', 255),
  str('extended-reference', 'Extended Reference', 50),
  str('has-change', 'Has Change', 50),
  str('request-server', 'Request Server', 120),
  str('request-type', 'Request Type', 120),
  str('attachment', 'Attachment', 1),
  str('has-linkage', 'Has Linkage', 1),
  str('has-others-linkage', 'Has Others Linkage', 1),
  // User-defined fields (seed note 2): a list field, a multi-valued list field and plain types.
  byValue('user-01', 'Component', 1001, 70),
  byValue('user-02', 'Platforms', 1002, 255, { multiple: true }),
  str('user-03', 'Customer Reference', 40),
  field('user-04', 'Effort (days)', 'Float'),
  field('user-05', 'Due Date', 'Date', { maxLength: 1, referenceMatch: true, format: 'YYYY-MM-DD' }),
];
