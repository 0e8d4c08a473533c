// The defect editor's host ↔ webview protocol: every message either side can send, typed in one
// place. The webview sends `ready` first; the host queues its notifications until then.
// Webview → host: commands (no reply) and requests (a reply with the same id, or an error).
// Host → webview: notifications and replies (the requester's bookkeeping: pendingRequests.ts). Imported by the extension host and the webview alike,
// so it holds types and dependency-free helpers only (no `vscode`, no DOM).
import type { MemoSplice } from './memoSplice';
import type { PastedImage, PastedImageReply } from './pastedImageProtocol';
import type { ProjectRefKey } from './projectRef';

export * from './pastedImageProtocol';

/** A field value as the server sends it (restated from the client's FieldValue: the webview cannot import src/api). */
export type WireValue = string | number | boolean | null | string[] | { type: string; id: number };

/** Identifies one defect of one project of one configured server; `id` is absent for a defect being created. */
export interface DefectKey extends ProjectRefKey {
  id?: number;
}

export type FieldGroup = 'details' | 'people' | 'versions' | 'dates' | 'references' | 'user-defined' | 'memos';
/** What a field holds, classified once from its metadata (src/defects/fieldKind.ts); the value formatter (valueText.ts) writes each kind one way. */
export type FieldKind = 'memo' | 'date' | 'number' | 'user' | 'list' | 'multi-list' | 'release' | 'cycle' | 'reference' | 'text' | 'flag';
export type FieldInput = 'text' | 'integer' | 'float' | 'date' | 'list' | 'user' | 'resource' | 'release' | 'cycle' | 'memo';

/** A value of a list; `path` shows its place in a hierarchical list ("Orders / Checkout"). */
export interface ListOption {
  value: string;
  path: string;
}

/** A release or cycle a reference field can point to, as its picker lists it (current ones first). */
export interface ReleaseOption {
  id: number;
  name: string;
  /** `2026-01-01 – 2026-06-30`, or '' when the server has no dates. */
  dates: string;
  /** Today lies between its start and end. */
  current: boolean;
  /** A cycle's release (id and name). */
  releaseId?: number;
  releaseName?: string;
}

/** What the webview needs to render one field. */
export interface FieldView {
  name: string;
  label: string;
  group: FieldGroup;
  input: FieldInput;
  /** What the field holds: how the header and read mode write its value (valueText.ts). */
  kind: FieldKind;
  required: boolean;
  readOnly: boolean;
  multiple: boolean;
  /** Inactive or not shown by the ALM web client: drawn only when the user asks for every field. */
  hidden?: boolean;
  maxLength?: number;
  /** Values of a list field (or users for a user field, each shown as "Full Name (login)"). */
  options?: ListOption[];
  /** Names of the values the field holds where they are not the values: users' full names by login, referenced items' names by id. */
  names?: Record<string, string>;
  /** Entity type of a resource reference (`release`), used when the user types an id. */
  resourceType?: string;
  /** The releases (input `release`) or cycles (input `cycle`) to pick from, current ones first. */
  releases?: ReleaseOption[];
  /** A cycle field's release field: its value narrows the cycles offered. */
  releaseField?: string;
  /** Why the field shows ids instead of names (the server does not serve releases). */
  note?: string;
}

/** Where the lock state machine is: the editor is writable only in `editing`. */
export type LockPhase = 'loading' | 'read-only' | 'acquiring' | 'editing' | 'saving' | 'locked-by-other' | 'lost' | 'error';

interface LockView {
  phase: LockPhase;
  /** For `locked-by-other`: who holds the lock and since when (server time). */
  holder?: string;
  since?: string;
}

export interface ProblemView {
  field?: string;
  label?: string;
  message: string;
}

/** One row of the field-by-field choice after the defect changed on the server. */
export interface ConflictRow {
  field: string;
  label: string;
  /** The server's current value. */
  server: WireValue;
  /** The value the user has (their edit, or the value they loaded). */
  mine: WireValue;
  changedOnServer: boolean;
  changedByMe: boolean;
}

export interface ConflictView {
  /** The server's ver-stamp the choice is against. */
  serverVerStamp: number | null;
  rows: ConflictRow[];
}

export type ConflictChoice = 'server' | 'mine';

export interface NoticeView {
  kind: 'info' | 'warning' | 'error';
  text: string;
  /** A button the notice offers: `retryImages` uploads the pasted images still missing (request of the same name); `signIn` asks for the server's password or key (command of the same name). */
  action?: 'retryImages' | 'signIn';
}

/** What the webview keeps with `setState` so a reload restores unsaved work. */
export interface PersistedEditorState {
  version: 1;
  key: DefectKey;
  /** ver-stamp the edits were made against. */
  baseVerStamp: number | null;
  /** Server values the edits were made against (dirty fields only), for conflict detection after a restore. */
  base: Record<string, WireValue>;
  edits: Record<string, WireValue>;
}

// ---- host → webview notifications ----

export interface InitParams {
  key: DefectKey;
  isNew: boolean;
  /** Signed-in user, for the comment header. */
  user: string;
  fields: FieldView[];
  /** Values of the status list, offered as header actions. */
  statusValues: string[];
  /** VS Code's display language, for dates and numbers (valueText.ts). */
  locale?: string;
}

export interface ValuesParams {
  /** The defect as last read from the server (for a new defect: its defaults). */
  server: Record<string, WireValue>;
  /** Unsaved edits, field by field; they override `server` in the form. */
  edits: Record<string, WireValue>;
  /** The *New comment* text the last Save added to the comments: the page empties the box if it still shows it. */
  commentTaken?: string;
}

/** An existing defect whose summary shares words with a new defect's (a likely duplicate). */
export interface DuplicateView {
  id: number;
  name: string;
  status: string;
}

export interface StatusParams {
  lock: LockView;
  dirty: string[];
  problems: ProblemView[];
  conflict?: ConflictView;
  notice?: NoticeView;
  /** A new defect's likely duplicates (open ones first, at most five); absent when there are none. */
  duplicates?: DuplicateView[];
  /** For `setState`; absent when there is nothing worth restoring. */
  persist?: PersistedEditorState;
}

/** The user's follow-up flag on the defect (issue 43), as the header shows it. */
export interface FollowUpView {
  /** `⚑ due today`, `⚑ overdue (2026-11-30)`, `⚑ 2026-12-24`. */
  text: string;
  overdue: boolean;
  note: string;
}

export interface EditorNotifications {
  init: InitParams;
  /** The defect's follow-up flag now; null when it has none. */
  followUp: { flag: FollowUpView | null };
  values: ValuesParams;
  status: StatusParams;
  /** The defect's attachments changed (an upload): the attachment list is read again, and images not shown yet are asked for again. */
  imagesChanged: Record<string, never>;
}

/**
 * The first state, written into the page's HTML as a JSON data block (id EMBEDDED_STATE_ID, with
 * the page's nonce) when the host has it before the page is made: the page then renders while its
 * script runs instead of after a message round trip. The same three notifications follow on `ready`.
 */
export interface EmbeddedEditorState {
  init: InitParams;
  values: ValuesParams;
  status: StatusParams;
}

export const EMBEDDED_STATE_ID = 'alm-state';

// ---- webview → host ----

export interface EditorCommands {
  /** The user changed a field; `value` is typed (numbers for number inputs when they parse). */
  fieldChanged: { field: string; value: WireValue };
  /** The user changed a long memo: the change as a splice of the memo's value (memoSplice.ts). */
  memoSpliced: { field: string } & MemoSplice;
  /** The user activated a link in a memo; the host opens http(s) only. */
  openLink: { href: string };
  /** The user chose a likely duplicate: open that defect of the same project. */
  openDefect: { id: number };
  /** The text in the *New comment* box changed: an unsaved edit, which Save adds as a comment. */
  commentDraftChanged: { text: string };
  /** The user wants to use a likely duplicate instead: the host offers to comment there or to link to it. */
  chooseDuplicate: { id: number };
  /** The notice's Sign In: the defect could not be read signed out; the host signs in to its server (the editor reads the defect again once signed in). */
  signIn: Record<string, never>;
}

export type SaveOutcome = 'saved' | 'nothing' | 'invalid' | 'conflict' | 'lost' | 'failed' | 'cancelled';

export interface ImageReply {
  /** A `data:` URI of the attachment, when `src` names an image attachment of this defect. */
  dataUri?: string;
  /** Why no image is shown. */
  reason?: string;
}

/** One attachment as the editor lists it (texts already formatted by the host). */
export interface AttachmentView {
  id: number;
  name: string;
  /** `12.3 KB`. */
  size: string;
  /** `2026-01-05 10:11`, when known. */
  modified?: string;
  /** Plain text (the server's HTML description, as text). */
  description: string;
}

/** What the editor's attachment section asks: the list, or an action after which the list is re-read. */
export type AttachmentsRequest = { action: 'list' } | { action: 'upload' } | { action: 'open'; id: number } | { action: 'saveAs'; id: number } | { action: 'openExternally'; id: number };

export interface AttachmentsResult {
  items: AttachmentView[];
  /** Why there is no list (a defect not saved yet). */
  note?: string;
}

/** One field's change in the history: a memo's texts only for its "show the texts" view. */
export interface HistoryChangeView {
  label: string;
  oldValue: string;
  newValue: string;
  /** A memo: shown as "changed", with its old and new text (plain, never HTML) on request. */
  memo?: boolean;
}

export interface HistoryEntryView {
  time: string;
  user: string;
  changes: HistoryChangeView[];
}

export interface HistoryResult {
  entries: HistoryEntryView[];
  /** Every entry the server has (more than `entries` when the list was cut at the limit). */
  total: number;
  /** Why there is no history (a new defect; an `/api`-only server). */
  note?: string;
}

export interface LinkView {
  id: number;
  direction: 'from' | 'to';
  otherId: number;
  otherType: string;
  otherName: string;
  otherStatus: string;
  linkType: string;
  comment: string;
}

/** What the links section asks: the list, or an action after which the list is re-read; `limit` links at most. */
export type LinksRequest = ({ action: 'list' } | { action: 'add'; to: number; linkType: string; comment: string } | { action: 'remove'; id: number } | { action: 'open'; defectId: number }) & {
  limit?: number;
};

export interface LinksResult {
  /** The first links by id (at most the request's `limit`). */
  items: LinkView[];
  /** How many links the defect has, both ways. */
  total?: number;
  /** Whether more links can be shown (the host read them). */
  more?: boolean;
  /** The link types offered (the project's "Link Type" list, or Duplicate and Related). */
  linkTypes: string[];
  note?: string;
}

interface EditorRequests {
  /** Acquire the lock and start editing. */
  edit: { params: Record<string, never>; result: void };
  /** Re-acquire after the lock was held by another user or lost. */
  retry: { params: Record<string, never>; result: void };
  save: { params: { close?: boolean }; result: SaveOutcome };
  /** Apply the user's field-by-field choices and save. */
  resolveConflict: { params: { choices: Record<string, ConflictChoice> }; result: SaveOutcome };
  /** Leave the conflict view, keeping every edit. */
  dismissConflict: { params: Record<string, never>; result: void };
  /** Discard edits (after asking) and release the lock. */
  cancel: { params: Record<string, never>; result: boolean };
  addComment: { params: { text: string }; result: void };
  setStatus: { params: { value: string }; result: void };
  reload: { params: Record<string, never>; result: void };
  resolveImage: { params: { src: string }; result: ImageReply };
  /** The defect's attachments; upload/open/save act first (through the host's own dialogs), then list. */
  attachments: { params: AttachmentsRequest; result: AttachmentsResult };
  /** The defect's history, newest first, at most `limit` entries. */
  history: { params: { limit: number }; result: HistoryResult };
  /** The defect's links; add, remove and open act first, then list. */
  links: { params: LinksRequest; result: LinksResult };
  /** An image pasted or dropped into a memo while editing: held by the host and attached on Save (a new defect's once it is created). */
  pasteImage: { params: PastedImage; result: PastedImageReply };
  /** Uploads again the pasted images a new defect's creation could not attach, and puts them into its memos. */
  retryImages: { params: Record<string, never>; result: void };
}

export type RequestMethod = keyof EditorRequests;
export type RequestParams<M extends RequestMethod> = EditorRequests[M]['params'];
export type RequestResult<M extends RequestMethod> = EditorRequests[M]['result'];

/** `embedded`: the page rendered the state written into its HTML (it then needs only what changed since). */
type ReadyMessage = { kind: 'ready'; embedded?: boolean };
export type CommandMessage = { [M in keyof EditorCommands]: { kind: 'command'; method: M; params: EditorCommands[M] } }[keyof EditorCommands];
export type RequestMessage = { [M in RequestMethod]: { kind: 'request'; id: number; method: M; params: RequestParams<M> } }[RequestMethod];
export type WebviewToHost = ReadyMessage | CommandMessage | RequestMessage;

export type NotificationMessage = {
  [M in keyof EditorNotifications]: { kind: 'notification'; method: M; params: EditorNotifications[M] };
}[keyof EditorNotifications];
export type ReplyMessage = { kind: 'reply'; id: number; ok: true; result: unknown } | { kind: 'reply'; id: number; ok: false; error: string };
export type HostToWebview = NotificationMessage | ReplyMessage;

const REQUESTS: Record<RequestMethod, true> = {
  edit: true,
  retry: true,
  save: true,
  resolveConflict: true,
  dismissConflict: true,
  cancel: true,
  addComment: true,
  setStatus: true,
  reload: true,
  resolveImage: true,
  attachments: true,
  history: true,
  links: true,
  pasteImage: true,
  retryImages: true,
};
const COMMANDS: Record<keyof EditorCommands, true> = { fieldChanged: true, memoSpliced: true, openLink: true, openDefect: true, chooseDuplicate: true, commentDraftChanged: true, signIn: true };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Shape check of a message from the webview (its content is not trusted: memo HTML passed through it). */
export function isWebviewToHost(m: unknown): m is WebviewToHost {
  if (!isRecord(m)) return false;
  if (m.kind === 'ready') return true;
  if (typeof m.method !== 'string' || !isRecord(m.params)) return false;
  if (m.kind === 'command') return Object.hasOwn(COMMANDS, m.method);
  if (m.kind === 'request') return Number.isSafeInteger(m.id) && Object.hasOwn(REQUESTS, m.method);
  return false;
}

/** Shape check of the embedded state (the page parses it from its own HTML). */
export function isEmbeddedEditorState(v: unknown): v is EmbeddedEditorState {
  return isRecord(v) && isRecord(v.init) && Array.isArray(v.init.fields) && isRecord(v.values) && isRecord(v.values.server) && isRecord(v.status) && isRecord(v.status.lock);
}

export function isHostToWebview(m: unknown): m is HostToWebview {
  if (!isRecord(m)) return false;
  if (m.kind === 'reply') return Number.isSafeInteger(m.id) && typeof m.ok === 'boolean';
  return m.kind === 'notification' && typeof m.method === 'string' && isRecord(m.params);
}
