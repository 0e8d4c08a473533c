// Loads the toolkit bundle (webview/toolkit/main.ts) from the address the host put on <body>
// (`data-toolkit`), with this script's nonce (the CSP allows no other script). Reading a defect
// needs no toolkit component, only editing does: the first paint does not wait for ~130 KB of
// components to load and register.

import * as l10n from '@vscode/l10n';

// Read while this bundle runs: `document.currentScript` is this script only during that time.
const ownScript = document.currentScript instanceof HTMLScriptElement ? document.currentScript : undefined;
let loading: Promise<void> | undefined;

/** Whether the toolkit's components are defined (its text field stands for all of them). */
export function toolkitLoaded(): boolean {
  return customElements.get('vscode-text-field') !== undefined;
}

/** Loads the toolkit once; resolves when its components are defined. */
export function loadToolkit(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const src = document.body.dataset.toolkit;
    if (toolkitLoaded()) {
      resolve();
      return;
    }
    if (!ownScript || !src) {
      reject(new Error(l10n.t('The editor page does not say where its input components (toolkit.js) are.')));
      return;
    }
    const script = document.createElement('script');
    script.nonce = ownScript.nonce;
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading = undefined;
      reject(new Error(l10n.t('The editor could not load its input components (toolkit.js). Close the editor and open the defect again.')));
    });
    document.head.append(script);
  });
  return loading;
}

/**
 * Loads the toolkit once the defect has been painted (so Edit finds it ready): the request goes out
 * after the next frame, and the bundle runs when it arrives. A page that renders its embedded state
 * does so before its `load` event; VS Code shows the frame only at that event, which a script still
 * loading would hold back, so the request waits for it.
 */
export function loadToolkitAfterPaint(then: () => void): void {
  const request = () => requestAnimationFrame(() => setTimeout(() => void loadToolkit().then(then, () => undefined), 0));
  if (document.readyState === 'complete') request();
  else window.addEventListener('load', request, { once: true });
}
