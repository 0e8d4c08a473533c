// What a command acts on, from whatever it was invoked with: a tree row (defect, attachment, or the
// "No attachments" row), an `alm-attachment:` URI (editor title menu), a plain reference object
// (other features, tests), or nothing (then the tree selection, or the attachment in the active
// editor).
import * as vscode from 'vscode';
import { defectRefFrom } from '../../defects/refs';
import type { DefectRef } from '../../defects/refs';
import { MessageNode } from '../../tree';
import { DefectNode } from '../../tree';
import type { TreeNode } from '../../tree';
import { ATTACHMENT_SCHEME, parseAttachmentPath } from '../model/location';
import type { AttachmentLocation } from '../model/location';
import { AttachmentNode } from '../tree/attachmentNode';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The defect an upload goes to. */
export function defectOf(arg: unknown, selection: readonly TreeNode[] = []): DefectRef | undefined {
  if (arg instanceof DefectNode) return arg.ref;
  if (arg instanceof AttachmentNode) return arg.defect;
  if (arg instanceof MessageNode && arg.parent instanceof DefectNode) return arg.parent.ref;
  if (isRecord(arg) && 'defect' in arg) return defectOf(arg.defect);
  const direct = defectRefFrom(arg);
  if (direct) return direct;
  if (arg === undefined && selection[0]) return defectOf(selection[0]);
  return undefined;
}

/** The attachment a command acts on. */
export function attachmentOf(arg: unknown, selection: readonly TreeNode[] = []): AttachmentLocation | undefined {
  if (arg instanceof AttachmentNode) return arg.location;
  if (arg instanceof vscode.Uri) return arg.scheme === ATTACHMENT_SCHEME ? parseAttachmentPath(arg.path) : undefined;
  if (isRecord(arg) && 'attachment' in arg) return attachmentOf(arg.attachment);
  if (isRecord(arg) && typeof arg.server === 'string' && typeof arg.domain === 'string' && typeof arg.project === 'string') {
    const id = arg.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
    return { server: arg.server, domain: arg.domain, project: arg.project, id, name: typeof arg.name === 'string' ? arg.name : '' };
  }
  if (arg === undefined) {
    if (selection[0] instanceof AttachmentNode) return selection[0].location;
    const active = vscode.window.activeTextEditor?.document.uri ?? activeTabUri();
    if (active?.scheme === ATTACHMENT_SCHEME) return parseAttachmentPath(active.path);
  }
  return undefined;
}

/** The URI of the active tab when it is not a text editor (an image or binary preview). */
function activeTabUri(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom ? input.uri : undefined;
}

/** A string option of a command argument object (`{ name: 'x' }`). */
export function option<T>(arg: unknown, key: string, check: (v: unknown) => v is T): T | undefined {
  return isRecord(arg) && !(arg instanceof vscode.Uri) && check(arg[key]) ? arg[key] : undefined;
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
