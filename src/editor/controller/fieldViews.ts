// Turns the server's field metadata into what the form renders: a group, an input kind, list
// options (with their path in hierarchical lists), release and cycle choices by name, and whether
// the field can be edited at all.
import * as l10n from '@vscode/l10n';
import { SERVER_COMPUTED_FIELDS, SERVER_OWNED_FIELDS, entityTypeOf } from '../../api/index';
import type { FieldCatalog, FieldMeta, ListItem, ListTree, ProjectUser, ReferenceNames, ReleaseCatalog } from '../../api/index';
import { fieldKind, isReleaseKind } from '../../defects/fieldKind';
import type { FieldKind } from '../../defects/fieldKind';
import { CYCLE_OF_RELEASE, releaseChoices } from '../../defects/releaseChoices';
import type { FieldGroup, FieldInput, FieldView, ListOption } from '../../shared/editorProtocol';
import { userText } from '../../shared/valueText';

/** Known system fields by group; anything else is placed by its data type. */
const GROUP_OF: Record<string, FieldGroup> = {
  name: 'details',
  status: 'details',
  severity: 'details',
  priority: 'details',
  reproducible: 'details',
  subject: 'details',
  project: 'details',
  'to-mail': 'details',
  'estimated-fix-time': 'details',
  'actual-fix-time': 'details',
  'detected-by': 'people',
  owner: 'people',
  'detection-version': 'versions',
  'closing-version': 'versions',
  'planned-closing-ver': 'versions',
  'detected-in-rel': 'versions',
  'target-rel': 'versions',
  'detected-in-rcyc': 'versions',
  'target-rcyc': 'versions',
  'creation-time': 'dates',
  'closing-date': 'dates',
  'last-modified': 'dates',
  environment: 'references',
  'cycle-id': 'references',
  'run-reference': 'references',
  'step-reference': 'references',
  'test-reference': 'references',
  'request-id': 'references',
  'cycle-reference': 'references',
  'extended-reference': 'references',
  'request-server': 'references',
  'request-type': 'references',
  'has-change': 'references',
  attachment: 'references',
  'has-linkage': 'references',
  'has-others-linkage': 'references',
};

/**
 * System fields a person reading or editing a defect does not look at (the ALM web client does not
 * show them either): kept under *Show all fields*, as hidden fields are.
 */
const OUT_OF_SIGHT: ReadonlySet<string> = new Set([
  'ver-stamp',
  'has-change',
  'request-server',
  'request-type',
  'request-id',
  'extended-reference',
  'cycle-reference',
  'attachment',
  'has-linkage',
  'has-others-linkage',
]);

/** The input a field of this kind is edited with; numbers (identifiers too) by type, so the form checks integers. */
function inputOf(f: FieldMeta, kind: FieldKind): FieldInput {
  if (f.dataType.name === 'Integer') return 'integer';
  if (f.dataType.name === 'Float') return 'float';
  switch (kind) {
    case 'memo':
    case 'list':
    case 'user':
      return kind;
    case 'date':
      // A date-time the server types as text (`last-modified`) is not a date input's to edit.
      return f.dataType.name === 'Date' ? 'date' : 'text';
    case 'multi-list':
      return 'list';
    case 'number':
      return 'float';
    case 'release':
    case 'cycle':
    case 'reference':
      return f.dataType.source?.kind === 'resource' ? 'resource' : 'text';
    default:
      return 'text';
  }
}

function groupOf(f: FieldMeta, input: FieldInput): FieldGroup {
  if (input === 'memo') return 'memos';
  if (/^user-\d+$/.test(f.name) || f.name.startsWith('user-')) return 'user-defined';
  const known = GROUP_OF[f.name];
  if (known) return known;
  if (input === 'user') return 'people';
  if (input === 'date') return 'dates';
  if (input === 'resource') return 'versions';
  return 'details';
}

/** Every value of a list with its path below the list, depth first; a value reachable twice is offered once. */
function listOptions(lists: ListTree, listId: number): ListOption[] {
  const out: ListOption[] = [];
  const seen = new Set<string>();
  const walk = (item: ListItem, trail: string[], depth: number): void => {
    if (depth > 64) return; // a cyclic parent chain from a broken server must not hang the editor
    for (const child of item.children) {
      const path = [...trail, child.name];
      if (!seen.has(child.name)) {
        seen.add(child.name);
        out.push({ value: child.name, path: path.join(' / ') });
      }
      walk(child, path, depth + 1);
    }
  };
  const list = lists.byListId(listId);
  if (list) walk(list, [], 0);
  return out;
}

/**
 * A release or cycle reference: picked by name from the catalog, or typed as an id (with the reason)
 * when the server serves no releases. Other resource references stay typed ids.
 */
function releaseView(view: FieldView, kind: FieldKind, releases: ReleaseCatalog | undefined, today: string | undefined): void {
  if (!isReleaseKind(kind) || view.multiple) return;
  view.resourceType ??= kind === 'release' ? 'release' : 'release-cycle';
  if (!releases || releases.unavailable !== undefined) {
    view.input = 'resource';
    if (releases?.unavailable) view.note = l10n.t('Shown by id: the server does not list releases ({0}).', releases.unavailable);
    return;
  }
  view.input = kind;
  view.releases = releaseChoices(releases, kind, today);
}

/**
 * Another resource reference (environment…): still typed as an id, but shown by the name the
 * server gave for it; where it gave none, the field says why its value reads as an id.
 */
function referenceView(view: FieldView, kind: FieldKind, references: ReferenceNames | undefined): void {
  if (kind !== 'reference' || view.input !== 'resource' || !references) return;
  const known = references.byField.get(view.name);
  if (known?.size) view.names = Object.fromEntries(known);
  else if (!known && references.unavailable) view.note = l10n.t('Shown by id: the server does not name these ({0}).', references.unavailable);
}

/** Pairs each cycle field with the release field that narrows it, when both are on the form. */
function pairCycles(views: FieldView[]): void {
  for (const [release, cycle] of Object.entries(CYCLE_OF_RELEASE)) {
    const c = views.find((v) => v.name === cycle && v.input === 'cycle');
    if (c && views.some((v) => v.name === release && v.input === 'release')) c.releaseField = release;
  }
}

/** A user picker's choices, each as every view writes a user ("Full Name (login)"), by login name; and the full names. */
function userChoices(users: readonly (string | ProjectUser)[]): { options: ListOption[]; names: Record<string, string> } {
  const byLogin = new Map<string, ProjectUser>();
  for (const u of users) {
    const user = typeof u === 'string' ? { name: u } : u;
    if (!byLogin.get(user.name)?.fullName) byLogin.set(user.name, user);
  }
  const sorted = [...byLogin.values()].sort((a, b) => a.name.localeCompare(b.name));
  const names: Record<string, string> = {};
  for (const u of sorted) if (u.fullName) names[u.name] = u.fullName;
  return { options: sorted.map((u) => ({ value: u.name, path: userText(u.name, u.fullName) })), names };
}

/**
 * The form's fields in metadata order, each with its group, input and kind; `users` (login names,
 * or users with full names) feed the user pickers, `releases` the release and cycle pickers
 * (`today` decides which are current), `references` the names other references are shown by.
 */
export function buildFieldViews(
  catalog: FieldCatalog,
  lists: ListTree,
  users: readonly (string | ProjectUser)[] = [],
  releases?: ReleaseCatalog,
  today?: string,
  references?: ReferenceNames,
): FieldView[] {
  const userOptions = userChoices(users);
  const views = catalog.fields
    .filter((f) => f.name !== 'type')
    .map((f): FieldView => {
      const kind = fieldKind(f.name, f);
      const input = inputOf(f, kind);
      const src = f.dataType.source;
      const view: FieldView = {
        name: f.name,
        label: f.label || f.name,
        group: groupOf(f, input),
        input,
        kind,
        required: f.required,
        readOnly: SERVER_OWNED_FIELDS.has(f.name) || SERVER_COMPUTED_FIELDS.has(f.name) || !f.editable,
        multiple: f.dataType.multiple,
      };
      if (f.hidden || OUT_OF_SIGHT.has(f.name)) view.hidden = true;
      // Dates declare a nominal length of 1 and integers count digits: a counter would mislead there.
      if (f.maxLength !== undefined && (input === 'text' || input === 'list' || input === 'user')) view.maxLength = f.maxLength;
      if (input === 'list' && src?.kind === 'list') view.options = listOptions(lists, src.listId);
      if (input === 'user') Object.assign(view, { options: userOptions.options, names: userOptions.names });
      if (input === 'resource' && src?.kind === 'resource') view.resourceType = entityTypeOf(src.collection);
      releaseView(view, kind, releases, today);
      referenceView(view, kind, references);
      return view;
    });
  pairCycles(views);
  return views;
}
