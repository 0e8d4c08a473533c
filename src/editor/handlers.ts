// What each message from the editor webview does on the host: one handler per method, each a
// thin call into the controller plus the few things only VS Code can do (confirm a discard, open
// a link in the browser, close the panel after Save & Close).
import * as vscode from 'vscode';
import { NotFoundError } from '../api/index';
import { COMMAND } from '../util/commands';
import type { DefectController } from './controller/defectController';
import { chooseDuplicate } from './duplicateChoice';
import type { DuplicateApi } from './duplicateChoice';
import type { CommandHandlers, RequestHandlers } from './hostChannel';
import type { ImageResolver } from './imageResolver';
import { externalLink } from './links';
import { LINK_TYPES, historyOf, linksOf } from './traceability';
import type { TraceabilityApi } from './traceability';
import type { LinkView } from '../shared/editorProtocol';
import { splicedValue } from '../shared/memoSplice';
import type { EditorAttachments, EditorLog } from './services';

export interface HandlerContext {
  controller: DefectController;
  /** The project's history and links, for the sections of the same names; defects and locks for a comment on a duplicate. */
  project: TraceabilityApi & DuplicateApi;
  /** The signed-in user (a comment's header). */
  user: string;
  /** Whether an editor of this window holds defect `id`'s lock. */
  editingHere(id: number): boolean;
  /** Opens another defect of the same project in its own editor (a linked one, a likely duplicate). */
  openDefect(id: number): Promise<void>;
  images: () => ImageResolver | undefined;
  attachments: EditorAttachments;
  log: EditorLog;
  /** Closes the panel without asking (nothing unsaved). */
  closePanel(): void;
  describe(e: unknown): string;
}

/** Opens http(s) links only, in the user's browser (VS Code asks before opening an untrusted site). */
async function openLink(href: string, log: EditorLog): Promise<boolean> {
  const target = externalLink(href);
  if (!target) {
    log.warn(`ignored a memo link that is not an absolute http(s) URL: ${href.slice(0, 200)}`);
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(target, true));
}

async function confirmUnlink(id: number, link: LinkView): Promise<boolean> {
  const remove = vscode.l10n.t('Remove Link');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Remove the link between defect {0} and {1} {2}?', id, link.otherType, link.otherId),
    { modal: true, detail: link.otherName ? `${link.otherId}: ${link.otherName}` : undefined },
    remove,
  );
  return answer === remove;
}

export function commandHandlers(ctx: HandlerContext): CommandHandlers {
  return {
    fieldChanged: ({ field, value }) => ctx.controller.setField(field, value),
    memoSpliced: ({ field, ...splice }) => ctx.controller.setField(field, splicedValue(ctx.controller.value(field), splice)),
    // The page is not trusted: only text counts as a draft.
    commentDraftChanged: ({ text }) => ctx.controller.setCommentDraft(typeof text === 'string' ? text : ''),
    openLink: ({ href }) => void openLink(href, ctx.log).catch((e: unknown) => ctx.log.warn(`could not open a link: ${ctx.describe(e)}`)),
    // The page is not trusted: only a listed duplicate's id opens.
    openDefect: ({ id }) => {
      if (ctx.controller.status().duplicates?.some((d) => d.id === id)) void ctx.openDefect(id).catch((e: unknown) => ctx.log.warn(`could not open defect ${id}: ${ctx.describe(e)}`));
      else ctx.log.warn(`ignored a request to open defect ${String(id).slice(0, 20)}, which is not a listed duplicate`);
    },
    // The page is not trusted: it signs in only when the notice offers it (the defect could not be read signed out).
    signIn: () => {
      if (ctx.controller.status().notice?.action !== 'signIn') return ctx.log.warn('ignored a sign-in the editor did not offer');
      void vscode.commands.executeCommand(COMMAND.signIn, { server: ctx.controller.defectKey.server });
    },
    chooseDuplicate: ({ id }) => {
      const duplicate = ctx.controller.status().duplicates?.find((d) => d.id === id);
      if (!duplicate) return ctx.log.warn(`ignored a duplicate choice of ${String(id).slice(0, 20)}, which is not listed`);
      const choice = { ...ctx, api: ctx.project, now: () => new Date(), openDefect: (other: number) => ctx.openDefect(other) };
      void chooseDuplicate(choice, duplicate).catch((e: unknown) => ctx.log.warn(`duplicate ${id}: ${ctx.describe(e)}`));
    },
  };
}

export function requestHandlers(ctx: HandlerContext): RequestHandlers {
  const { controller } = ctx;
  return {
    edit: () => controller.edit(),
    retry: () => controller.retry(),
    save: async ({ close }) => {
      const outcome = await controller.save({ close });
      if (close && (outcome === 'saved' || outcome === 'nothing') && !controller.isDirty) ctx.closePanel();
      return outcome;
    },
    resolveConflict: async ({ choices }) => controller.resolveConflict(choices),
    dismissConflict: () => controller.dismissConflict(),
    cancel: async () => {
      const isNew = controller.defectKey.id === undefined;
      if (controller.isDirty) {
        const discard = isNew ? vscode.l10n.t('Discard Defect') : vscode.l10n.t('Discard Changes');
        const answer = await vscode.window.showWarningMessage(
          isNew ? vscode.l10n.t('Discard this new defect?') : vscode.l10n.t('Discard your changes to defect {0}?', controller.defectKey.id ?? ''),
          {
            modal: true,
            detail: discardDetail(isNew, controller.images?.heldByEdit ?? false),
          },
          discard,
        );
        if (answer !== discard) return false;
      }
      await controller.cancel();
      if (isNew) ctx.closePanel();
      return true;
    },
    addComment: ({ text }) => controller.addComment(text),
    setStatus: ({ value }) => controller.setStatus(value),
    reload: () => controller.reload(),
    attachments: async (request) => {
      const { id, ...project } = controller.defectKey;
      if (id === undefined) return { items: [], note: vscode.l10n.t('Attachments can be added once the defect is saved.') };
      return ctx.attachments.request({ ...project, id }, request);
    },
    history: async ({ limit }) => {
      const id = controller.defectKey.id;
      if (id === undefined) return { entries: [], total: 0, note: vscode.l10n.t('History starts once the defect is saved.') };
      return historyOf(ctx.project, id, limit, vscode.env.language);
    },
    links: async (request) => {
      const id = controller.defectKey.id;
      if (id === undefined) return { items: [], linkTypes: LINK_TYPES, note: vscode.l10n.t('Links can be added once the defect is saved.') };
      return linksOf(ctx.project, id, request, { openDefect: (other) => ctx.openDefect(other), confirmRemove: (link) => confirmUnlink(id, link) }).catch((e: unknown) => {
        // An /api-only server (ALM 12.5x without Core) has no defect-links collection.
        if (e instanceof NotFoundError && request.action === 'list') return { items: [], linkTypes: LINK_TYPES, note: vscode.l10n.t('This server offers no defect links.') };
        if (e instanceof NotFoundError && request.action === 'add')
          throw new Error(vscode.l10n.t('Defect {0} does not exist in {1}: check the id. Nothing was linked.', request.to, controller.defectKey.project));
        throw e;
      });
    },
    pasteImage: (image) => {
      // Shape check: the page is not trusted (the controller checks type, size and encoding).
      if (typeof image.name !== 'string' || typeof image.mime !== 'string' || typeof image.data !== 'string') throw new TypeError('pasteImage: name, mime and data are strings');
      return controller.pasteImage(image);
    },
    retryImages: () => controller.retryImages(),
    resolveImage: async ({ src }) => {
      const local = controller.images?.localImage(src);
      if (local) return { dataUri: local };
      const images = ctx.images();
      if (!images) return { reason: vscode.l10n.t('Images show once the defect is saved.') };
      try {
        return await images.resolve(src);
      } catch (e) {
        ctx.log.warn(`image ${src.slice(0, 120)} not shown: ${ctx.describe(e)}`);
        return { reason: ctx.describe(e) };
      }
    },
  };
}

/** What Discard loses: the pasted images are named only when the edit holds some. */
function discardDetail(isNew: boolean, images: boolean): string {
  if (isNew) {
    return images
      ? vscode.l10n.t('The defect has not been created; what you entered and the images you pasted are lost.')
      : vscode.l10n.t('The defect has not been created; what you entered is lost.');
  }
  return images
    ? vscode.l10n.t('None of these changes are on the server: the defect stays as it was, and the images you pasted are not attached.')
    : vscode.l10n.t('None of these changes are on the server: the defect stays as it was.');
}
