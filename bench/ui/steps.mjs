// The steps bench:ui times, each as a user does it in the workbench: a setup that is not timed, the
// input that starts the clock, and the painted state that stops it. Every step returns
// { ms, since, until } where `since` marks the ALM server log at the input and `until` is the
// painted time: the requests that came in between are the step's, for the raw HTTP figures.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { arm, editorRendered, emptyWebviewRendered, framePaintedAt, inputTime, paintedAt, rowTexts } from './page.mjs';

const DEFECT_ROW = /^(\d+): /;

/** The least time between seeing a step's result and the next input (a person's simple reaction time). */
const REACTION_MS = 250;

/** Page marks (epoch ms) as ms since the input. */
const relative = (marks, started) => Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, v - started]));

/** @param {import('playwright-core').Page} page */
export function treeRow(page, name, level) {
  return page.locator(`.part.sidebar [role="treeitem"][aria-level="${level}"]`).filter({ hasText: name }).first();
}

async function expanded(row) {
  return (await row.getAttribute('aria-expanded')) === 'true';
}

/** Expands the row if it is collapsed and waits until it shows expanded. */
export async function expandRow(page, name, level) {
  const row = treeRow(page, name, level);
  await row.waitFor({ timeout: 60_000 });
  const isExpanded = () =>
    page.waitForFunction(
      ({ level, name }) =>
        [...document.querySelectorAll(`.part.sidebar [role="treeitem"][aria-level="${level}"]`)].some((r) => r.textContent?.startsWith(name) && r.getAttribute('aria-expanded') === 'true'),
      { level, name },
      { timeout: 10_000 },
    );
  // A click can be lost while the view redraws the row (seen right after sign-in): click again.
  for (let attempt = 1; ; attempt++) {
    // A row's hover (tooltip) can lie over the next row: Escape closes it first.
    if (!(await expanded(row))) {
      await page.keyboard.press('Escape');
      await row.click({ force: true });
    }
    try {
      await isExpanded();
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

/** Clicks one of a tree row's inline actions (shown on hover), e.g. "Refresh". */
async function inlineAction(page, row, label) {
  await row.hover();
  await row.locator(`.actions .action-label[aria-label^="${label}"]`).first().click();
}

/** The view's title-bar action `label` ("Group Defects By…"). */
async function titleAction(page, label) {
  // With one view in the container its actions sit in the side bar's title, not a pane header.
  await page.locator(`.part.sidebar .composite.title .action-label[aria-label^="${label}"]`).first().click();
}

async function quickInput(page, text) {
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 15_000 });
  await input.fill(text);
  await page.waitForTimeout(150);
  return input;
}

/** Until the Defects list shows defect rows (not loading, not grouped). */
async function defectRowsShown(page) {
  await page.waitForFunction(`(${rowTexts})(5).some((t) => /^\\d+: /.test(t))`, null, { polling: 'raf', timeout: 60_000 });
}

export class Steps {
  /** @param {import('playwright-core').Page} page  @param {{ mark(): number }} raw */
  constructor(page, raw) {
    this.page = page;
    this.raw = raw;
  }

  /**
   * Runs `act` (the user's input) after arming the page clock; returns the input time and log mark.
   * The input comes a person's reaction time after the previous step was painted, never sooner:
   * VS Code's extension host holds back a tree change that follows the last one within 200 ms
   * until 200 ms have passed (extHostTreeViews.ts debounces onDidChangeTreeData), so a click
   * Playwright sends ~100 ms after the last "Load more" was painted timed that wait, +200 ms on
   * every other repetition, where no user can see the rows and click that fast.
   */
  async input(target, act, types) {
    await this.page.waitForTimeout(REACTION_MS);
    await arm(target, types);
    const since = this.raw.mark();
    await act();
    return { since, started: await inputTime(target) };
  }

  /** Collapsed Defects under a refreshed project (so nothing is cached), then expand → first page painted. */
  async expandDefects() {
    const { page } = this;
    const defects = treeRow(page, /^Defects/, 4);
    if (await expanded(defects)) await defects.click();
    await inlineAction(page, treeRow(page, /^Demo/, 3), 'Refresh');
    await page.waitForTimeout(300);
    const { since, started } = await this.input(page, () => treeRow(page, /^Defects/, 4).click());
    const at = await paintedAt(page, `() => (${rowTexts})(5).some((t) => /^\\d+: /.test(t))`);
    return { ms: at - started, since, until: at };
  }

  /** "Load 100 more" at the end of the list → rows older than the last one shown are painted. */
  async loadMore() {
    const { page } = this;
    // The list is virtual: from any defect row, End brings the last row ("Load … more") into view.
    await page.locator('.part.sidebar [role="treeitem"][aria-level="5"]').first().focus();
    await page.keyboard.press('End');
    const more = treeRow(page, /Load \d+ more/, 5);
    await more.waitFor({ timeout: 30_000 });
    const ids = (await page.evaluate(`(${rowTexts})(5)`)).map((t) => Number(DEFECT_ROW.exec(t)?.[1])).filter(Boolean);
    const oldest = Math.min(...ids);
    const { since, started } = await this.input(page, () => more.click());
    const at = await paintedAt(page, `(oldest) => (${rowTexts})(5).some((t) => { const m = /^(\\d+): /.exec(t); return m && Number(m[1]) < oldest; })`, oldest);
    return { ms: at - started, since, until: at };
  }

  /** Filter menu → saved filter "Urgent" → Apply → the filtered total and its rows painted; then cleared. */
  async filter() {
    const { page } = this;
    const project = treeRow(page, /^Demo/, 3);
    const before = await treeRow(page, /^Defects/, 4).innerText();
    await inlineAction(page, project, 'Filter Defects');
    let input = await quickInput(page, 'Apply Saved Filter');
    await input.press('Enter');
    input = await quickInput(page, 'Urgent');
    await input.press('Enter');
    input = await quickInput(page, '');
    const { since, started } = await this.input(page, () => input.press('Enter'));
    const at = await paintedAt(
      page,
      `(before) => {
      const defects = (${rowTexts})(4).find((t) => t.startsWith('Defects'));
      const rows = (${rowTexts})(5);
      return defects && defects !== before && rows.length > 0 && /^\\d+: /.test(rows[0]) && rows.every((t) => !/^\\d+: /.test(t) || t.includes('5-Urgent'));
    }`,
      before,
    );
    const result = { ms: at - started, since, until: at };
    await this.screenshotHook?.('filter');
    await inlineAction(page, project, 'Clear Filter');
    await paintedAt(page, `(before) => (${rowTexts})(4).some((t) => t === before)`, before);
    await defectRowsShown(page);
    return result;
  }

  /** "Group Defects By…" → By Severity → the groups with their counts painted; then ungrouped. */
  async groupBySeverity() {
    const { page } = this;
    await titleAction(page, 'Group Defects By');
    const input = await quickInput(page, 'By Severity');
    const { since, started } = await this.input(page, () => input.press('Enter'));
    const at = await paintedAt(
      page,
      `() => {
      const defects = (${rowTexts})(4).find((t) => t.startsWith('Defects'));
      const rows = (${rowTexts})(5);
      return defects && defects.includes('by severity') && rows.length > 0 && rows.every((t) => !/^\\d+: /.test(t) && !/Loading/.test(t));
    }`,
    );
    const result = { ms: at - started, since, until: at };
    await this.screenshotHook?.('group');
    await titleAction(page, 'Ungroup Defects');
    await defectRowsShown(page);
    return result;
  }

  /** Double-click the `index`-th defect row → its editor rendered with memos. */
  async openEditor(index) {
    const { page } = this;
    const rows = page.locator('.part.sidebar [role="treeitem"][aria-level="5"]').filter({ hasText: DEFECT_ROW });
    const row = rows.nth(index);
    const id = Number(DEFECT_ROW.exec(await row.innerText())[1]);
    const { since, started } = await this.input(page, () => row.dblclick());
    const { frame, at, marks } = await editorRendered(page, id);
    return { ms: at - started, since, until: at, id, frame, marks: relative(marks, started) };
  }

  /** The baseline: the bench extension's key → its next empty webview panel shown (closed after). */
  async openEmptyWebview() {
    const { page } = this;
    // The extension numbers its panels from 1 on: the bench counts along.
    const n = (this.emptyWebviews = (this.emptyWebviews ?? 0) + 1);
    const { since, started } = await this.input(page, () => page.keyboard.press('Control+Alt+Shift+F9'));
    const { at, marks } = await emptyWebviewRendered(page, n);
    await this.closeEditor();
    return { ms: at - started, since, until: at, marks: relative(marks, started) };
  }

  /** Edit → the form editable (the server lock taken). */
  async edit(frame) {
    const { since, started } = await this.input(frame, () => frame.getByRole('button', { name: 'Edit' }).click());
    const at = await framePaintedAt(frame, () => document.body.dataset.phase === 'editing' && !!document.querySelector('[data-field="name"] vscode-text-field:not([readonly])') && Date.now());
    return { ms: at - started, since, until: at };
  }

  /** A new summary, then Save → "Saved" in the editor and the tree row showing the new summary. */
  async save(frame, id, summary) {
    const { page } = this;
    await frame.locator('[data-field="name"] vscode-text-field input').fill(summary);
    const { since, started } = await this.input(frame, () => frame.getByRole('button', { name: 'Save', exact: true }).click());
    const saved = framePaintedAt(frame, () => /Saved/.test(document.querySelector('.header .notice')?.textContent ?? '') && Date.now());
    const row = paintedAt(page, `(want) => (${rowTexts})(5).some((t) => t.startsWith(want))`, `${id}: ${summary}`);
    const at = Math.max(await saved, await row);
    return { ms: at - started, since, until: at };
  }

  /**
   * A source file whose one comment names defect `id` (not looked up before: each repetition names
   * another), then the mouse moved onto the reference → the hover with the defect's status painted.
   * The clock includes VS Code's hover delay (editor.hover.delay, 300 ms by default).
   */
  async hoverReference(folder, id) {
    const { page } = this;
    const name = 'bench-references.ts';
    writeFileSync(join(folder, name), `// defect ${id}\nexport const total = 0;\n`);
    const reference = page.locator('.monaco-editor .view-line span', { hasText: `defect ${id}` }).last();
    // The open file follows the disk; the first time it is opened with Quick Open.
    if (
      !(await reference.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      ))
    ) {
      await page.locator('.part.titlebar .command-center').first().click();
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: 15_000 });
      await input.fill(name);
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 30_000 });
      await input.press('Enter');
      await reference.waitFor({ timeout: 30_000 });
    }
    await page.mouse.move(5, 300);
    await page
      .locator('.monaco-hover')
      .filter({ hasText: /Defect \d+/ })
      .first()
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .catch(() => undefined);
    // The line may be painted again as the file reloads: its box is read until it holds still.
    let box = null;
    for (let attempt = 0; attempt < 20 && !box; attempt++) {
      box = await reference.boundingBox().catch(() => null);
      if (!box) await page.waitForTimeout(250);
    }
    if (!box) throw new Error(`the reference to defect ${id} is not on screen`);
    const shown = `(id) => [...document.querySelectorAll('.monaco-hover')].some((h) => (h.textContent ?? '').includes('Defect ' + id) && /Status: /.test(h.textContent ?? ''))`;
    // After the editor steps a hover sometimes never opens for the first move (VS Code kept another
    // widget's focus): the mouse leaves and comes back, and that move is the one timed.
    for (let attempt = 1; ; attempt++) {
      const { since, started } = await this.input(page, () => page.mouse.move(box.x + box.width - 8, box.y + box.height / 2), ['mousemove']);
      const at = await paintedAt(page, shown, id, 15_000).catch((e) => {
        if (attempt >= 3) throw e;
        return undefined;
      });
      if (at !== undefined) return { ms: at - started, since, until: at };
      console.log(`[bench:ui] hover: no hover of defect ${id} 15 s after the mouse move; moving away and back (attempt ${attempt + 1})`);
      await page.mouse.move(5, 300);
      await page.waitForTimeout(500);
    }
  }

  /** Closes the active editor tab as a user does (its close button). */
  async closeEditor() {
    const { page } = this;
    await page.mouse.move(700, 600);
    const tab = page.locator('.tabs-container .tab.active');
    await tab.hover();
    await tab.locator('.tab-actions .action-label').first().click();
    await page
      .locator('.tabs-container .tab')
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => undefined);
  }
}
