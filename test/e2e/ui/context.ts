// What the launcher (scripts/e2e/run.mjs) hands the page-side tests: the workbench page with the
// extension loaded, the servers of this run and where to put screenshots. Each test file is its own
// bundle, so the context travels on a global symbol rather than in module state.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { E2eAlmServer } from '../environment';

const UI_CONTEXT_KEY = Symbol.for('alm-defects.e2e.ui');

export interface UiContext {
  /** The workbench, opened on the test workspace with the extension under development loaded. */
  readonly page: Page;
  readonly almServer: E2eAlmServer;
  /** Absolute path of the workspace folder the workbench has open (its .vscode/settings.json configures the extension). */
  readonly workspaceFolder: string;
  /** Screenshots for reviewers go here (test-results/ui). */
  readonly screenshotsDir: string;
  readonly repoRoot: string;
  /** The cached VS Code server: its Node 24 and server-main.js (for `--install-extension`). */
  readonly vscodeServer: { readonly node: string; readonly serverMain: string };
}

export function ui(): UiContext {
  const context = (globalThis as Record<symbol, UiContext | undefined>)[UI_CONTEXT_KEY];
  if (!context) throw new Error('The UI tests run inside scripts/e2e/run.mjs ("npm run test:e2e")');
  return context;
}

/** Saves a full-page screenshot as `<screenshotsDir>/<name>.png` and returns its path. */
export async function screenshot(name: string): Promise<string> {
  const { page, screenshotsDir } = ui();
  mkdirSync(screenshotsDir, { recursive: true });
  const file = join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
