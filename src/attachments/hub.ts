// The attachments feature's shared state: the services, the prompts they supply, and the one place that announces a change to a defect's attachments — the tree rows
// reload, open `alm-attachment:` documents hear about it, and listeners (the defect editor)
// re-read the list.
import * as vscode from 'vscode';
import type { Attachment, AttachmentsApi } from '../api';
import type { DefectRef } from '../defects/refs';
import { describeError } from '../util/log';
import type { Log } from '../util/log';
import { ATTACHMENT_SCHEME, attachmentPath } from './model/location';
import type { AttachmentLocation } from './model/location';
import type { AttachmentPrompts } from './prompts';
import type { AttachmentServices } from './services';
import type { AttachmentChildren } from './tree/attachmentChildren';

export interface AttachmentsChange {
  defect: DefectRef;
  /** Attachments whose content or name changed. */
  changed: AttachmentLocation[];
  deleted: AttachmentLocation[];
}

export function attachmentUri(loc: AttachmentLocation): vscode.Uri {
  return vscode.Uri.from({ scheme: ATTACHMENT_SCHEME, path: attachmentPath(loc) });
}

export class AttachmentsHub implements vscode.Disposable {
  children: AttachmentChildren | undefined;
  readonly log: Log;
  private readonly emitter = new vscode.EventEmitter<AttachmentsChange>();
  readonly onDidChange = this.emitter.event;

  constructor(readonly services: AttachmentServices) {
    this.log = services.log.child('attachments');
  }

  /** The questions the commands ask (VS Code's dialogs; in test mode, the tests' answers). */
  get prompts(): AttachmentPrompts {
    return this.services.prompts();
  }

  async api(ref: Omit<DefectRef, 'id'>): Promise<AttachmentsApi> {
    return (await this.services.project(ref)).attachments;
  }

  /** The defect an attachment belongs to, from its descriptor. */
  defectOf(loc: Omit<AttachmentLocation, 'id' | 'name'>, a: Attachment): DefectRef {
    return { server: loc.server, domain: loc.domain, project: loc.project, id: a.entity.id };
  }

  locationOf(defect: DefectRef, a: Attachment): AttachmentLocation {
    return { server: defect.server, domain: defect.domain, project: defect.project, id: a.id, name: a.name };
  }

  announce(change: AttachmentsChange): void {
    this.children?.refresh(change.defect);
    this.emitter.fire(change);
  }

  /** Logs a failure and shows one short message; a cancellation is not an error. */
  report(what: string, e: unknown): void {
    this.log.error(`${what}: ${describeError(e)}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('{0}: {1}', what, describeError(e)));
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
