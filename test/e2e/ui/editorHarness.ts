// Loads the built editor webview (dist/webview/editor.js and .css, toolkit.js) into a Chromium page under the
// same HTML and Content-Security-Policy the extension serves, with the real controller and host
// channel answering in Node through a stand-in for `acquireVsCodeApi`. Every request the page
// makes, every navigation, dialog, CSP violation and console message is recorded, so tests can
// assert that hostile memo HTML did nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../support/eventually';
import type { BrowserContext, Page } from 'playwright-core';
import { DefectController } from '../../../src/editor/controller/defectController';
import type { DefectControllerOptions } from '../../../src/editor/controller/defectController';
import { HostChannel } from '../../../src/editor/hostChannel';
import { editorHtml } from '../../../src/editor/webviewHtml';
import type { AttachmentsResult, HostToWebview, ImageReply, LinksResult } from '../../../src/shared/editorProtocol';
import { splicedValue } from '../../../src/shared/memoSplice';

const HARNESS_ORIGIN = 'https://alm-editor.test';

/** What the page did that it should not have. */
interface PageTraps {
  /** Requests other than the page, its scripts and stylesheet. */
  requests: string[];
  /** Navigations of any frame away from the editor page. */
  navigations: string[];
  dialogs: string[];
  cspViolations: string[];
  /** Calls of alert/confirm/prompt/open/print, and `window.__xss` marks, seen from inside the page. */
  pageTraps: string[];
  consoleErrors: string[];
  pageErrors: string[];
}

export interface EditorPage {
  page: Page;
  controller: DefectController;
  channel: HostChannel;
  /** The page's `ready` messages, in order. */
  readies: { embedded?: boolean }[];
  /** Links the page asked the host to open. */
  openedLinks: string[];
  /** Defects (likely duplicates) the page asked the host to open. */
  openedDefects: number[];
  /** Likely duplicates the page offered to use instead ("Use instead…"). */
  chosenDuplicates: number[];
  /** How many times the page asked the host to sign in. */
  signIns: { count: number };
  traps: PageTraps;
  /** Re-reads the in-page trap log (alert calls, __xss marks, CSP events). */
  collectPageTraps(): Promise<void>;
  close(): Promise<void>;
}

/** Runs in every frame before any page script: traps dialogs and popups and watches CSP violations. */
const INIT_SCRIPT = `(() => {
  const log = (what) => { try { window.__almTrapLog(String(what)); } catch { /* binding not ready */ } };
  for (const name of ['alert', 'confirm', 'prompt', 'print', 'open']) {
    const original = window[name];
    window[name] = function () { log(name + '(' + Array.from(arguments).join(',') + ')'); return null; };
    void original;
  }
  document.addEventListener('securitypolicyviolation', (e) => log('csp ' + e.violatedDirective + ' ' + e.blockedURI), true);
  Object.defineProperty(window, '__xss', { configurable: true, set(v) { log('__xss=' + v); }, get() { return undefined; } });
  window.acquireVsCodeApi = (() => {
    // As VS Code: undefined until the page's first setState (a page it reloads gets the last state).
    let state = window.__almInitialState;
    let taken = false;
    return () => {
      if (taken) throw new Error('acquireVsCodeApi called twice');
      taken = true;
      return {
        postMessage: (m) => window.__almHostReceive(JSON.stringify(m)),
        getState: () => state,
        setState: (s) => { state = s; window.__almState = s; },
      };
    };
  })();
})();`;

export interface HarnessOptions extends Omit<DefectControllerOptions, 'describe'> {
  /** Answers image requests (default: none resolve). */
  resolveImage?: (src: string) => Promise<ImageReply>;
  /** Answers the attachment section's list (default: none). */
  attachments?: () => Promise<AttachmentsResult>;
  /** Answers the links section (default: none, no link types). */
  links?: () => Promise<LinksResult>;
  viewport?: { width: number; height: number };
  /** A translation bundle for the page, as the host passes `vscode.l10n.bundle` (default: none, English). */
  l10n?: Record<string, string>;
  /**
   * Writes the loaded defect into the page's HTML, as the extension does when the server answers
   * before VS Code asks for the page (default); false makes the page wait for the messages.
   */
  embed?: boolean;
  /** Posts nothing to the page (to show what it renders from its HTML alone). */
  silent?: boolean;
  /** What `getState()` returns before the page sets it (a page VS Code reloads has its last state). */
  initialState?: unknown;
}

export async function openEditorPage(context: BrowserContext, repoRoot: string, options: HarnessOptions): Promise<EditorPage> {
  const page = await context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  const dist = join(repoRoot, 'dist', 'webview');
  const traps: PageTraps = { requests: [], navigations: [], dialogs: [], cspViolations: [], pageTraps: [], consoleErrors: [], pageErrors: [] };
  const openedLinks: string[] = [];
  const openedDefects: number[] = [];
  const chosenDuplicates: number[] = [];
  const signIns = { count: 0 };
  const nonce = 'harness-nonce-0123456789';
  const controller = new DefectController({ ...options, describe: (e) => (e instanceof Error ? e.message : String(e)) });
  await controller.load();
  /** The `ready` messages the page sent (whether it rendered the embedded state). */
  const readies: { embedded?: boolean }[] = [];
  let changedSinceHtml = false;
  const files: Record<string, { body: string | Buffer; contentType: string }> = {
    '/index.html': {
      // As the extension serves it: the bundle written into the page, the toolkit loaded by URI.
      body: editorHtml({
        cspSource: HARNESS_ORIGIN,
        scriptUri: `${HARNESS_ORIGIN}/editor.js`,
        styleUri: `${HARNESS_ORIGIN}/editor.css`,
        toolkitUri: `${HARNESS_ORIGIN}/toolkit.js`,
        inline: { script: readFileSync(join(dist, 'editor.js'), 'utf8'), style: readFileSync(join(dist, 'editor.css'), 'utf8') },
        nonce,
        l10n: options.l10n,
        state: options.embed === false ? undefined : { init: controller.init(), values: controller.values(), status: controller.status() },
      }),
      contentType: 'text/html; charset=utf-8',
    },
    '/editor.js': { body: readFileSync(join(dist, 'editor.js')), contentType: 'text/javascript' },
    '/editor.css': { body: readFileSync(join(dist, 'editor.css')), contentType: 'text/css' },
    '/toolkit.js': { body: readFileSync(join(dist, 'toolkit.js')), contentType: 'text/javascript' },
  };

  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const file = url.origin === HARNESS_ORIGIN ? files[url.pathname] : undefined;
    if (file) return route.fulfill({ status: 200, body: file.body, contentType: file.contentType });
    traps.requests.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  page.on('request', (r) => {
    const url = r.url();
    // Routed requests are recorded above; data: URIs never reach the route handler.
    if (url.startsWith('data:') && !url.startsWith('data:image/')) traps.requests.push(url.slice(0, 80));
  });
  page.on('framenavigated', (f) => {
    const url = f.url();
    if (url !== `${HARNESS_ORIGIN}/index.html` && url !== 'about:blank') traps.navigations.push(url);
  });
  page.on('dialog', (d) => {
    traps.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'error') traps.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => traps.pageErrors.push(e.message));
  await page.exposeFunction('__almTrapLog', (what: string) => {
    if (what.startsWith('csp ')) traps.cspViolations.push(what);
    else traps.pageTraps.push(what);
  });

  const post = async (m: HostToWebview): Promise<boolean> => {
    if (page.isClosed() || options.silent) return false;
    // Runs in the page, where `postMessage` is the window's (this file is type-checked without DOM types).
    await page.evaluate((msg) => (globalThis as unknown as { postMessage(m: unknown, o: string): void }).postMessage(msg, '*'), m as unknown as Record<string, unknown>);
    return true;
  };
  const channel = new HostChannel({
    post,
    describeError: (_method, e) => (e instanceof Error ? e.message : String(e)),
    commands: {
      fieldChanged: (p) => controller.setField(p.field, p.value),
      memoSpliced: ({ field, ...splice }) => controller.setField(field, splicedValue(controller.value(field), splice)),
      openLink: (p) => void openedLinks.push(p.href),
      openDefect: (p) => void openedDefects.push(p.id),
      chooseDuplicate: (p) => void chosenDuplicates.push(p.id),
      signIn: () => void signIns.count++,
      commentDraftChanged: (p) => controller.setCommentDraft(p.text),
    },
    requests: {
      edit: () => controller.edit(),
      retry: () => controller.retry(),
      save: (p) => controller.save(p),
      resolveConflict: (p) => controller.resolveConflict(p.choices),
      dismissConflict: () => controller.dismissConflict(),
      cancel: async () => {
        await controller.cancel();
        return true;
      },
      addComment: (p) => controller.addComment(p.text),
      setStatus: (p) => controller.setStatus(p.value),
      reload: () => controller.reload(),
      resolveImage: (p) => (options.resolveImage ? options.resolveImage(p.src) : Promise.resolve({ reason: 'not an attachment' })),
      attachments: () => (options.attachments ? options.attachments() : Promise.resolve({ items: [] })),
      history: () => Promise.resolve({ entries: [], total: 0 }),
      links: () => (options.links ? options.links() : Promise.resolve({ items: [], linkTypes: [] })),
      pasteImage: (p) => controller.pasteImage(p),
      retryImages: () => controller.retryImages(),
    },
    // As the extension's session: a page that rendered its embedded state gets only what changed since.
    onReady: ({ embedded }) => {
      readies.push({ embedded });
      if (embedded && !changedSinceHtml) return;
      channel.notify('init', controller.init());
      channel.notify('values', controller.values());
      channel.notify('status', controller.status());
    },
  });
  controller.onDidChange((change) => {
    changedSinceHtml = true;
    if (change === 'init') channel.notify('init', controller.init());
    else if (change === 'values') channel.notify('values', controller.values());
    else channel.notify('status', controller.status());
  });
  await page.exposeFunction('__almHostReceive', (json: string) => void channel.receive(JSON.parse(json)));
  if (options.initialState !== undefined) await page.addInitScript(`window.__almInitialState = ${JSON.stringify(options.initialState)};`);
  await page.addInitScript(INIT_SCRIPT);
  await page.goto(`${HARNESS_ORIGIN}/index.html`);

  return {
    page,
    controller,
    channel,
    readies,
    openedLinks,
    openedDefects,
    chosenDuplicates,
    signIns,
    traps,
    async collectPageTraps() {
      await settled(page);
    },
    async close() {
      channel.dispose();
      await controller.dispose();
      await page.close();
    },
  };
}

/**
 * Runs in a page: resolves once every image that started loading has loaded or failed, and two
 * tasks later, so the events those loads and the caller's actions queued (image errors, CSP
 * reports, handlers of dispatched events) have fired. Lazy images not in view never start.
 */
const SETTLED = `new Promise((resolve) => {
  const later = () => setTimeout(() => setTimeout(resolve, 0), 0);
  const loading = [...document.images].filter((i) => !i.complete && i.loading !== 'lazy');
  let left = loading.length;
  if (!left) return later();
  const done = () => { if (--left === 0) later(); };
  for (const i of loading) { i.addEventListener('load', done, { once: true }); i.addEventListener('error', done, { once: true }); }
})`;

/**
 * Waits until `target` (a page or a webview's frame) has run what its queued events started: the
 * round trip that proves "nothing happened" before a test asserts it.
 */
export async function settled(target: { evaluate(expression: string): Promise<unknown> }): Promise<void> {
  await target.evaluate(SETTLED);
}

/** Polls a page value until `ok` holds (page.waitForFunction would need eval, which the CSP forbids). */
export async function poll<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const seen = await eventually(
    'the page to show the awaited value',
    async () => {
      const value = await read();
      // Thrown, the value seen last is named in the timeout's message.
      if (!ok(value)) throw new Error(`the page shows ${JSON.stringify(value)}`);
      return { value };
    },
    timeoutMs,
  );
  return seen.value;
}
