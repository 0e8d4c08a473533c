// The Getting Started walkthrough ticks its steps by completion events; an event that names a
// command, context key or view the extension does not have would leave a step open forever, and a
// button linking a missing command does nothing. Every event must be one the extension really
// fires: a contributed command, a context key some source sets with setContext, or a contributed
// view; every image a theme-aware SVG (colours from the theme's CSS variables).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND } from '../../../src/util/commands';

const ROOT = path.resolve(__dirname, '../../..');

interface Step {
  id: string;
  title: string;
  description: string;
  media: { svg?: string; image?: string; markdown?: string; altText?: string };
  completionEvents?: string[];
}
interface Manifest {
  contributes: { walkthroughs?: { id: string; title: string; steps: Step[] }[]; views: Record<string, { id: string }[]> };
}

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const text = (value: string) => value.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? value);
const views = new Set(Object.values(manifest.contributes.views).flatMap((list) => list.map((v) => v.id)));
const commands = new Set<string>(Object.values(COMMAND));
/** `<view id>.focus`: the command VS Code makes for each contributed view. */
const isViewFocus = (id: string) => id.endsWith('.focus') && views.has(id.slice(0, -'.focus'.length));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The `almDefects.*` strings of the source files that call setContext: the context keys the extension sets. */
function contextKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT, 'src'))) {
    const source = fs.readFileSync(file, 'utf8');
    if (!source.includes("'setContext'")) continue;
    for (const m of source.matchAll(/'(almDefects\.[\w.]+)'/g)) keys.add(m[1]);
  }
  return keys;
}

describe('structure: the Getting Started walkthrough', () => {
  const walkthroughs = manifest.contributes.walkthroughs ?? [];
  const steps = walkthroughs.flatMap((w) => w.steps);

  it('covers adding a server, the default project, My Defects, the grid, reporting and Start Work', () => {
    assert.equal(walkthroughs.length, 1, 'one walkthrough');
    assert.deepEqual(
      steps.map((s) => s.id),
      ['addServer', 'defaultProject', 'myDefects', 'grid', 'reportDefect', 'startWork'],
    );
    const addServer = text(steps[0].description);
    for (const kind of ['password', 'API key', 'single sign-on']) assert.ok(addServer.includes(kind), `the first step names ${kind}`);
  });

  it('completes every step by an event the extension really fires', () => {
    const keys = contextKeys();
    for (const step of steps) {
      const events = step.completionEvents ?? [];
      assert.ok(events.length > 0, `${step.id} has no completion event: it would complete on a click alone`);
      for (const event of events) {
        const [kind, name] = event.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(commands.has(name) || isViewFocus(name), `${step.id}: ${name} is not a contributed command`);
        else if (kind === 'onContext') assert.ok(keys.has(name), `${step.id}: no source sets the context key ${name}`);
        else if (kind === 'onView') assert.ok(views.has(name), `${step.id}: ${name} is not a contributed view`);
        else assert.fail(`${step.id}: unexpected completion event ${event}`);
      }
    }
  });

  it('links only real commands from the step buttons', () => {
    for (const step of steps) {
      const links = [...text(step.description).matchAll(/\(command:([\w.]+)/g)].map((m) => m[1]);
      assert.ok(links.length > 0, `${step.id} has no button`);
      for (const id of links) assert.ok(commands.has(id) || isViewFocus(id), `${step.id}: command:${id} does not exist`);
    }
  });

  it('shows a theme-aware SVG with alt text for every step, shipped in the package', () => {
    const ignore = fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!media\/(\*\*|walkthrough\/\*\*)$/m, 'the walkthrough images must be packaged');
    for (const step of steps) {
      assert.ok(step.media.svg, `${step.id}: not an SVG`);
      assert.ok(step.media.altText && text(step.media.altText) !== step.media.altText, `${step.id}: alt text missing from package.nls.json`);
      const svg = fs.readFileSync(path.join(ROOT, step.media.svg), 'utf8');
      assert.match(svg, /var\(--vscode-foreground\)/, `${step.id}: text does not take the theme's colour`);
      // The walkthrough shows an SVG in a page whose CSP allows only its own nonce'd styles: a <style>
      // or style="" inside the SVG is dropped and everything draws black. Colours go in attributes.
      assert.doesNotMatch(svg, /<style|\sstyle=/, `${step.id}: styles inside the SVG are blocked by the walkthrough's CSP`);
      assert.doesNotMatch(svg.replace(/var\([^)]*\)/g, ''), /(fill|stroke)\s*[:=]\s*"?#/, `${step.id}: a fixed colour ignores the theme`);
    }
  });
});
