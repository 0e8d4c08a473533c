// The defect editor's entry: one panel per defect (opening it again reveals it), "ALM: New
// Defect…", the serializer that restores panels after a window reload (unsaved edits from the
// webview state), and releaseAllLocks() for deactivate(). "ALM: Open Defect…" is the tree's
// command; it opens this editor through the opener activate() hands the tree.
import { Readable } from 'node:stream';
import * as vscode from 'vscode';
import type { DefectKey, FollowUpView } from '../shared/editorProtocol';
import { DefectController } from './controller/defectController';
import type { NewDefectPrefill } from './controller/defectController';
import { attachmentImageSrc } from './controller/memoImages';
import type { MemoImageServices } from './controller/memoImages';
import { keyId, parseSnapshot } from './controller/snapshot';
import { DEFECT_VIEW_TYPE, DefectSession, panelOptions } from './defectSession';
import type { SessionHost } from './defectSession';
import { ImageResolver } from './imageResolver';
import { cloneDefect } from './clone';
import { lazyProjectApi } from './lazyProject';
import type { LazyProjectApi } from './lazyProject';
import type { DefectEditorServices } from './services';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import { registerCommand } from '../util/command';
import { escapeHtml } from '../util/html';
import { describeError } from '../util/log';
import { COMMAND } from '../util/commands';

const NEW_DEFECT_COMMAND = COMMAND.newDefect;
/** Context key: the active editor is a defect form not created yet (package.json's editor/title menu reads it). */
const UNSAVED_DEFECT_CONTEXT = 'almDefects.unsavedDefectActive';

export interface DefectEditorApi {
  /** Opens (or reveals) the editor of a defect. */
  open(ref: DefectRef): Promise<void>;
  /** Opens the editor for a new defect of a project (the project's template and `prefill` filled in). */
  create(ref: ProjectRefKey, prefill?: NewDefectFill): Promise<void>;
  /**
   * "New Defect…" with pre-filled values: the project from `arg` (a project ref or tree node), the
   * tree's selection or a pick, as the command chooses it. Resolves whether a form opened.
   */
  newDefect(arg: unknown, prefill?: NewDefectFill): Promise<boolean>;
  /** The controller behind an open editor (a new defect's key has no id): whether it holds the lock (chat, Start Work). */
  controller(key: DefectKey): DefectController | undefined;
  /** Whether an editor of this window holds or is taking the defect's lock: other writers leave it alone. */
  editingHere(key: DefectKey): boolean;
  /** Releases every lock the open editors hold, keeping their edits; deactivate() awaits it. */
  releaseAllLocks(): Promise<void>;
  /** Controllers whose panel is visible now (the periodic change check looks only at these). */
  visibleControllers(): DefectController[];
  /** The defect of the active editor panel, if one is active. */
  activeKey(): DefectKey | undefined;
  /** Where the header reads the user's follow-up flags, and when they changed (the open editors show them again). */
  setFollowUps(view: (ref: DefectKey & { id: number }) => FollowUpView | undefined, changed: (listener: () => void) => { dispose(): void }): vscode.Disposable;
}

/** What a caller pre-fills in a new defect (the template comes from the settings) and hears after it is created. */
interface NewDefectFill extends Omit<NewDefectPrefill, 'template'> {
  onCreated?: (defect: DefectRef) => void | Promise<void>;
}

class DefectEditorRegistry implements SessionHost, vscode.Disposable {
  private readonly sessions = new Map<string, DefectSession>();
  readonly log: DefectEditorServices['log'];
  readonly attachments: DefectEditorServices['attachments'];
  readonly prompts: DefectEditorServices['prompts'];
  private readonly subscriptions: { dispose(): void }[] = [];
  /** The follow-up flags, once the feature that keeps them is there (it registers after the editor). */
  followUpView: ((ref: DefectKey & { id: number }) => FollowUpView | undefined) | undefined;

  constructor(
    readonly extensionUri: vscode.Uri,
    private readonly services: DefectEditorServices,
  ) {
    this.log = services.log;
    this.attachments = services.attachments;
    this.prompts = () => services.prompts();
    // An upload while the defect is open (from its editor, the tree or a drop): its memo images may now resolve.
    this.subscriptions.push(services.attachments.onDidChange((defect) => this.attachmentsChanged(defect)));
  }

  async open(key: DefectKey, restore?: unknown, panel?: vscode.WebviewPanel, fill?: NewDefectFill): Promise<DefectSession> {
    const existing = this.sessions.get(keyId(key));
    if (existing && key.id !== undefined) {
      // A double-click opens twice: the second arrives while VS Code still builds the panel the
      // first created, active and focused. Revealing it again repeats that work (bench:ui: ~15 ms).
      if (!existing.opening) existing.reveal();
      panel?.dispose();
      return existing;
    }
    const ref = { server: key.server, domain: key.domain, project: key.project };
    // Resolved on first use: a restored panel comes up even before its server is configured or signed in.
    const api = lazyProjectApi(() => this.services.project(ref));
    const controller = new DefectController({
      api,
      key,
      user: this.services.username(key.server),
      locale: this.services.locale(),
      restore: parseSnapshot(restore),
      describe: describeError,
      onSaved: (defect) => this.services.defectSaved({ ...ref, id: defect.id }, defect),
      // A restored form has its values already; a new one starts from the project's template.
      prefill:
        key.id === undefined && restore === undefined
          ? { template: this.services.newDefectDefaults(ref), values: fill?.values, origin: fill?.origin, sourceId: fill?.sourceId, warning: fill?.warning }
          : undefined,
      onCreated: fill?.onCreated && ((id) => fill.onCreated?.({ ...ref, id })),
      // One query per rested summary for likely duplicates; open defects are ranked first.
      findDuplicates: async (filter, rows, signal) =>
        (await api.defects.page({ filter, fields: ['name', 'status'], orderBy: ['-id'], pageSize: rows, signal })).items.map((d) => ({
          id: d.id,
          name: typeof d.name === 'string' ? d.name : '',
          status: typeof d.status === 'string' ? d.status : '',
        })),
      images: this.memoImages(api, ref),
    });
    const session = new DefectSession(controller, this, this.imagesFor(api, controller, key.server), api);
    this.sessions.set(session.id, session);
    session.attach(panel ?? this.createPanel(key.id === undefined ? vscode.l10n.t('New Defect ({0})', key.project) : vscode.l10n.t('Defect {0}', key.id)));
    this.activeChanged();
    // An editor that could not load (not signed in yet) loads as soon as its server connects.
    const connected = this.services.onDidConnect(key.server, () => {
      if (controller.lockPhase === 'error') void controller.reload();
    });
    session.onDispose(() => connected.dispose());
    await controller.load();
    return session;
  }

  /** Pasted images become attachments (ref-subtype 1: linkable from a rich-text field, §11.1 of the reference). */
  private memoImages(api: LazyProjectApi, ref: ProjectRefKey): MemoImageServices {
    return {
      upload: async (id, name, bytes) => {
        const source = { stream: Readable.from([bytes]), size: bytes.length };
        const stored = await api.attachments.upload({ entity: { type: 'defect', id }, name, source, refSubtype: 1 });
        return { id: stored.id, name: stored.name };
      },
      remove: (_id, attachmentId) => api.attachments.delete(attachmentId),
      srcFor: (id, name) => attachmentImageSrc(this.services.baseUrl(ref.server) ?? 'http://invalid/', ref, id, name),
      changed: (id) => this.attachments.changed({ ...ref, id }),
    };
  }

  username(server: string): string {
    return this.services.username(server);
  }

  editingHere(ref: DefectKey & { id: number }): boolean {
    return this.sessions.get(keyId(ref))?.controller.holdsLock ?? false;
  }

  async openDefect(ref: DefectKey & { id: number }): Promise<void> {
    await this.open(ref);
  }

  createPanel(title: string): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(DEFECT_VIEW_TYPE, title, vscode.ViewColumn.Active, panelOptions(this.extensionUri));
  }

  keyChanged(session: DefectSession, previous: string): void {
    if (this.sessions.get(previous) === session) this.sessions.delete(previous);
    this.sessions.set(session.id, session);
    const { id, ...ref } = session.key;
    if (id !== undefined) void Promise.resolve(this.services.revealDefect({ ...ref, id })).catch((e: unknown) => this.log.warn(`could not reveal defect ${id}: ${describeError(e)}`));
  }

  closed(session: DefectSession): void {
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    this.resolvers.delete(session.controller);
    this.activeChanged();
  }

  /** The active editor panel's session, if a defect editor is active. */
  activeSession(): DefectSession | undefined {
    return this.all().find((s) => s.webviewPanel?.active);
  }

  /** Keeps UNSAVED_DEFECT_CONTEXT true while a New Defect form is the active editor (its title bar offers no Clone or Start Work). */
  activeChanged(): void {
    const active = this.activeSession();
    const unsaved = active !== undefined && active.key.id === undefined;
    if (unsaved === this.unsavedActive) return;
    this.unsavedActive = unsaved;
    void vscode.commands.executeCommand('setContext', UNSAVED_DEFECT_CONTEXT, unsaved);
  }
  private unsavedActive = false;

  session(key: DefectKey): DefectSession | undefined {
    return this.sessions.get(keyId(key));
  }

  all(): DefectSession[] {
    return [...this.sessions.values()];
  }

  async releaseAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.releaseLock().catch((e: unknown) => this.log.warn(`release on ${s.id}: ${describeError(e)}`))));
  }

  /** Deactivation: stop every session but keep the panels, so VS Code can restore them. */
  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    for (const s of [...this.sessions.values()]) void s.shutdown();
    this.sessions.clear();
  }

  /** Image resolvers of the open editors, so an upload can make them list attachments again. */
  private readonly resolvers = new Map<DefectController, ImageResolver>();

  /**
   * The open editor of `defect` forgets the attachment list its images came from and tells its page;
   * in read mode it also reads the defect again when it changed (a rename rewrote a memo's image source).
   */
  followUp(ref: DefectKey & { id: number }): FollowUpView | undefined {
    return this.followUpView?.(ref);
  }

  followUpsChanged(): void {
    for (const session of this.all()) session.followUpChanged();
  }

  attachmentsChanged(defect: DefectRef): void {
    const session = this.sessions.get(keyId(defect));
    if (!session) return;
    this.resolvers.get(session.controller)?.forget();
    session.imagesChanged();
    void session.controller.checkForChanges().catch((e: unknown) => this.log.warn(`could not check defect ${defect.id} for changes: ${describeError(e)}`));
  }

  private imagesFor(api: LazyProjectApi, controller: DefectController, server: string): () => ImageResolver | undefined {
    return () => {
      const id = controller.defectKey.id;
      if (id === undefined) return undefined;
      let resolver = this.resolvers.get(controller);
      if (!resolver) {
        resolver = new ImageResolver(api.attachments, id, this.services.baseUrl(server) ?? 'http://invalid/');
        this.resolvers.set(controller, resolver);
      }
      return resolver;
    };
  }
}

/** Registers the editor's commands and serializer; returns what the tree and tests call. */
export function registerDefectEditor(context: vscode.ExtensionContext, services: DefectEditorServices): DefectEditorApi {
  const registry = new DefectEditorRegistry(context.extensionUri, services);
  const fail = (what: string) => (e: unknown) => {
    services.log.error(`${what}: ${describeError(e)}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('{0}: {1}', what, describeError(e)));
  };
  const api: DefectEditorApi = {
    open: async (ref) => {
      await registry.open(ref).catch(fail(vscode.l10n.t('Could not open defect {0}', ref.id)));
    },
    create: async (ref, fill) => {
      await registry.open({ ...ref }, undefined, undefined, fill).catch(fail(vscode.l10n.t('Could not start a new defect')));
    },
    newDefect: async (arg, fill) => {
      const project = await services.pickProject(arg, vscode.l10n.t('New Defect: choose the project'));
      if (project) await api.create(project, fill);
      return project !== undefined;
    },
    controller: (key) => registry.session(key)?.controller,
    editingHere: (key) => {
      const phase = registry.session(key)?.controller.lockPhase;
      return phase === 'acquiring' || phase === 'editing' || phase === 'saving';
    },
    releaseAllLocks: () => registry.releaseAll(),
    visibleControllers: () =>
      registry
        .all()
        .filter((s) => s.webviewPanel?.visible)
        .map((s) => s.controller),
    activeKey: () => registry.activeSession()?.key,
    setFollowUps: (view, changed) => {
      registry.followUpView = view;
      registry.followUpsChanged();
      const listening = changed(() => registry.followUpsChanged());
      return new vscode.Disposable(() => listening.dispose());
    },
  };
  context.subscriptions.push(
    registry,
    registerCommand(NEW_DEFECT_COMMAND, services.log, async (arg) => {
      await api.newDefect(arg);
    }),
    registerCommand(
      COMMAND.cloneDefect,
      services.log,
      (arg) =>
        cloneDefect(
          {
            services,
            activeDefect: () => {
              const key = api.activeKey();
              // A New Defect form is not a defect yet: the tree's selection is not what the user means.
              if (key && key.id === undefined) return 'unsaved';
              return key?.id === undefined ? undefined : { ...key, id: key.id };
            },
            selectedDefect: () => services.selectedDefect(),
            create: (project, fill) => api.create(project, fill),
          },
          arg,
        ),
      { failure: vscode.l10n.t('Could not clone the defect') },
    ),
    vscode.window.registerWebviewPanelSerializer(DEFECT_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
        const snapshot = parseSnapshot(state);
        if (!snapshot) {
          // Nothing says which defect this was: close rather than show an empty editor.
          panel.dispose();
          return;
        }
        await registry.open(snapshot.key, snapshot, panel).catch((e: unknown) => {
          panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head><body><p>${escapeHtml(vscode.l10n.t('Could not reopen defect {0}: {1}', snapshot.key.id ?? '', describeError(e)))}</p></body></html>`;
          services.log.warn(`restore of ${keyId(snapshot.key)} failed: ${describeError(e)}`);
        });
      },
    }),
  );
  return api;
}
