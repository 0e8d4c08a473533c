// A webview page's script and stylesheet (dist/webview/<name>.js and .css), read once per window
// and written into the page's HTML (the editor's webviewHtml.ts, the grid's gridHtml.ts): a webview
// loads a resource through a service worker, the workbench and the extension host's file system,
// which is a large part of the time from the click to a shown page. Unreadable files leave the page
// loading them by URI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const cached = new Map<string, { script: string; style: string } | undefined>();

/** The bundle `name`'s texts from `dir` (dist/webview), or undefined when they cannot be read. */
export function webviewAssets(dir: string, name = 'editor'): { script: string; style: string } | undefined {
  const key = join(dir, name);
  if (!cached.has(key)) {
    let assets: { script: string; style: string } | undefined;
    try {
      assets = { script: readFileSync(`${key}.js`, 'utf8'), style: readFileSync(`${key}.css`, 'utf8') };
    } catch {
      assets = undefined;
    }
    cached.set(key, assets);
  }
  return cached.get(key);
}

/**
 * Whether a bundle can be written inside <script> / <style> as it is: the HTML parser would end (or,
 * after `<!--`, misread) the element at these sequences. esbuild escapes them in strings, so this
 * only ever sends an unusual bundle back to loading by URI.
 */
export function inlinable(inline: { script: string; style: string }): boolean {
  return !/<\/?script/i.test(inline.script) && !/<\/style/i.test(inline.style);
}
