// The first state the host wrote into the page's HTML (src/editor/webviewHtml.ts): a JSON data block
// carrying the page's nonce, read once and removed. The page renders it while its script runs, so
// the defect is on screen when VS Code shows the frame, with no ready → init round trip. It is used
// on the page's first load only: a page VS Code reloads later (after being hidden, or restored)
// carries the HTML's old state, so it waits for the host's current one instead.
import { EMBEDDED_STATE_ID, isEmbeddedEditorState } from '../../src/shared/editorProtocol';
import type { EmbeddedEditorState } from '../../src/shared/editorProtocol';

/**
 * The embedded state, or undefined when there is none, it is not this page's (another nonce) or
 * not well-formed. `nonce` is the page script's own; `firstLoad` whether `getState()` was never set.
 */
export function takeEmbeddedState(nonce: string | undefined, firstLoad: boolean): EmbeddedEditorState | undefined {
  const block = document.getElementById(EMBEDDED_STATE_ID);
  if (!(block instanceof HTMLScriptElement)) return undefined;
  block.remove();
  if (!firstLoad || !nonce || block.nonce !== nonce || block.type !== 'application/json') return undefined;
  try {
    const state: unknown = JSON.parse(block.textContent ?? '');
    return isEmbeddedEditorState(state) ? state : undefined;
  } catch {
    return undefined;
  }
}
