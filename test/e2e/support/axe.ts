// Automated accessibility checks of a webview inside the workbench (issue 44): axe-core is put into
// the webview's own frame and run there against what the page shows, with every rule axe runs by
// default (WCAG 2.x A and AA, best practices). A check fails on a serious or critical violation and
// names each one (rule, what it asks for, the elements and why they fail), so the message alone says
// what to fix. axe's source is evaluated through the browser's debugging protocol, which the page's
// Content-Security-Policy does not cover: the page's own policy stays as the extension serves it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { ui } from '../ui/context';

/** One rule axe found broken, as `axe.run` reports it (the parts the message needs). */
interface AxeViolation {
  readonly id: string;
  readonly impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

/** The impacts a check refuses (issue 44: zero serious violations; critical ones are worse). */
const REFUSED = new Set(['serious', 'critical']);

let source: string | undefined;

/** axe-core's browser build, read once from the project's node_modules. */
function axeSource(): string {
  source ??= readFileSync(join(ui().repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  return source;
}

/**
 * A scrollable region inside a focusable composite widget (the grid: role="grid", tabindex 0, its
 * active cell an aria-activedescendant) is scrolled by that widget's keys, which axe cannot see: it
 * asks the region itself to be focusable (axe-core issue 4914, a known false positive of
 * scrollable-region-focusable). Such regions are left out of the check, no other. That the keys do
 * scroll the grid is what the grid's keyboard tests and the deep-sort journey check.
 */
const SCROLLED_BY_ITS_WIDGET = `(target) => typeof target === 'string' && !!document.querySelector(target)?.parentElement?.closest('[role="grid"][tabindex="0"], [role="treegrid"][tabindex="0"], [role="listbox"][tabindex="0"]')`;

/** Runs axe in `frame` (put there first if a reload took it away) and returns its violations. */
async function violations(frame: Frame): Promise<AxeViolation[]> {
  if (!(await frame.evaluate('typeof window.axe !== "undefined"'))) await frame.evaluate(axeSource());
  // DOM code as a string: the tests are type-checked without the DOM's types. The webview's frames
  // inside the page (none today) would be VS Code's, not ours: axe stays in this document.
  const json = await frame.evaluate(`axe.run(document, { iframes: false, resultTypes: ['violations'] }).then((r) => {
    const widgetScrolled = ${SCROLLED_BY_ITS_WIDGET};
    return JSON.stringify(r.violations
      .map((v) => v.id !== 'scrollable-region-focusable' ? v : { ...v, nodes: v.nodes.filter((n) => !(n.target.length === 1 && widgetScrolled(n.target[0]))) })
      .filter((v) => v.nodes.length > 0));
  })`);
  return JSON.parse(String(json)) as AxeViolation[];
}

/** A violation as a reader of a failed test needs it: the rule, its help and up to five elements with the reason. */
function describe(v: AxeViolation): string {
  const nodes = v.nodes.slice(0, 5).map((n) => `    ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`);
  const more = v.nodes.length > 5 ? [`    … and ${v.nodes.length - 5} more`] : [];
  return [`  ${v.impact} ${v.id}: ${v.help}`, ...nodes, ...more].join('\n');
}

/** The serious and critical violations axe finds in `frame` now, each described; empty when there are none. */
export async function seriousViolations(frame: Frame): Promise<string[]> {
  return (await violations(frame)).filter((v) => v.impact !== null && REFUSED.has(v.impact)).map(describe);
}
