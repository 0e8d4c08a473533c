import { EDITOR_DEFECT_KEY, projectWithEditorDefect } from './test/e2e/ui/editorFixtures';
import { openEditorPage } from './test/e2e/ui/editorHarness';
import { memoShapes } from './bench/memoEditor/shapes';
async function main() {
  const { launchBrowser } = await import('./scripts/e2e/browser.mjs');
  const browser = await launchBrowser(() => {});
  const ctx = await browser.newContext();
  const shapes = memoShapes(1024 * 1024);
  const project = projectWithEditorDefect({ name: 'x' });
  const editor = await openEditorPage(ctx, process.cwd(), { api: project, key: EDITOR_DEFECT_KEY, user: 'alice' });
  await editor.page.locator('.form .group').first().waitFor();
  const cdp = await ctx.newCDPSession(editor.page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  for (let i = 0; i < 3; i++) {
    project.changeAsOther(7, { description: `<html><body>${shapes[process.argv[2]]}</body></html>` });
    await editor.controller.reload();
    await new Promise((r) => setTimeout(r, 1500));
    project.changeAsOther(7, { description: `<html><body><p>x</p></body></html>` });
    await editor.controller.reload();
    await new Promise((r) => setTimeout(r, 500));
  }
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<number, number>();
  for (const s of profile.samples ?? []) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const [id, c] of counts) { const n = byId.get(id)!; const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + c); }
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 10 / 3).toFixed(1)} ms ${k}`).join('\n'));
  await browser.close();
}
void main();
