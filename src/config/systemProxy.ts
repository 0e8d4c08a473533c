// The proxy VS Code itself would use for a URL (system settings, PAC scripts, `http.proxy`,
// environment), from the extension host's own resolver. VS Code 1.139 exposes no API for it; its
// extension host sets `resolveProxyByURL` (and the older `resolveProxyURL`) on the module object of
// `@vscode/proxy-agent` it loaded from its app root, so the same module is reached by path. Where
// that is missing (older or other hosts, a browser host), resolution falls back to our own rules.
import { join } from 'node:path';
import * as vscode from 'vscode';

/** The proxy URL for `url` (`http://host:port`), `undefined` for direct, and how VS Code decided. */
export type SystemProxyResolver = (url: string) => Promise<{ url?: string; source: string } | undefined>;

interface ProxyAgentModule {
  resolveProxyByURL?: (url: string) => Promise<{ url?: string; source?: string }>;
  resolveProxyURL?: (url: string) => Promise<string | undefined>;
}

/** VS Code's resolver, when this extension host offers one. */
export function vscodeProxyResolver(): SystemProxyResolver | undefined {
  let mod: ProxyAgentModule;
  try {
    // A path, not a package name: the extension's own node_modules must not answer this.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require(join(vscode.env.appRoot, 'node_modules', '@vscode', 'proxy-agent')) as ProxyAgentModule;
  } catch {
    return undefined;
  }
  const byUrl = mod.resolveProxyByURL;
  const plain = mod.resolveProxyURL;
  if (typeof byUrl === 'function') {
    return async (url) => {
      const r = await byUrl(url);
      return { url: r.url, source: r.source ?? 'VS Code' };
    };
  }
  if (typeof plain === 'function') return async (url) => ({ url: await plain(url), source: 'VS Code' });
  return undefined;
}
