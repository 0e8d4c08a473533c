// The editor page's script and stylesheet (dist/webview/editor.js and .css), read once per window
// and written into each editor's HTML (webviewHtml.ts): a webview loads a resource through a service
// worker, the workbench and the extension host's file system, which is a large part of the time
// from double-click to a shown defect. Unreadable files leave the page loading them by URI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let cached: { dir: string; assets: { script: string; style: string } | undefined } | undefined;

/** The bundle's texts from `dir` (dist/webview), or undefined when they cannot be read. */
export function webviewAssets(dir: string): { script: string; style: string } | undefined {
  if (cached?.dir !== dir) {
    let assets: { script: string; style: string } | undefined;
    try {
      assets = { script: readFileSync(join(dir, 'editor.js'), 'utf8'), style: readFileSync(join(dir, 'editor.css'), 'utf8') };
    } catch {
      assets = undefined;
    }
    cached = { dir, assets };
  }
  return cached.assets;
}
