// The defect editor's attachment section, on the host side: the editor hands its section's
// requests to `request` with the defect's reference; uploads, opening and saving run the same
// work as the attachment commands (their own dialogs, progress and error messages), then the
// current list is returned. activate() passes this object to the editor; nothing global.
import type { Attachment } from '../../api';
import type { DefectRef, ProjectRefKey } from '../../defects/refs';
import type { AttachmentsRequest, AttachmentsResult } from '../../shared/editorProtocol';
import type { AttachmentsChange } from '../hub';
import { attachmentViews } from './views';

/** The attachment feature's work the section runs: the commands' handlers, called directly. */
export interface EditorAttachmentActions {
  list(defect: DefectRef): Promise<Attachment[]>;
  upload(arg: { defect: DefectRef }): Promise<unknown>;
  open(arg: AttachmentTarget): Promise<unknown>;
  saveAs(arg: AttachmentTarget): Promise<unknown>;
  openExternally(arg: AttachmentTarget): Promise<unknown>;
  onDidChange(listener: (change: AttachmentsChange) => void): { dispose(): void };
  /** Announces a change made outside the attachment commands. */
  announce(change: AttachmentsChange): void;
}

/** An attachment by its id in a project, as the attachment commands take it. */
type AttachmentTarget = ProjectRefKey & { id: number };

export class EditorAttachmentBridge {
  constructor(private readonly actions: EditorAttachmentActions) {}

  async request(defect: DefectRef, request: AttachmentsRequest): Promise<AttachmentsResult> {
    if (request.action === 'upload') await this.actions.upload({ defect });
    else if (request.action !== 'list') {
      const attachment: AttachmentTarget = { server: defect.server, domain: defect.domain, project: defect.project, id: request.id };
      await this.actions[request.action](attachment);
    }
    return { items: attachmentViews(await this.actions.list(defect)) };
  }

  /** Fires with the defect whose attachments changed (an upload from the editor, the tree or a drop). */
  onDidChange(listener: (defect: DefectRef) => void): { dispose(): void } {
    return this.actions.onDidChange((change) => listener(change.defect));
  }

  /** New attachments added without the attachment commands (the editor's pasted images, a report's text): tree rows and open editors re-read them. */
  changed(defect: DefectRef): void {
    this.actions.announce({ defect, changed: [], deleted: [] });
  }
}
