// Entry of the defect editor webview (bundled to dist/webview/editor.js, loaded by nonce under a
// strict CSP). Loads the translations, then starts the page. The toolkit's components are another
// bundle (webview/toolkit), loaded for editing (./toolkit.ts).
// First: the translations must be there before any module-level string is made.
import './l10n';
import './editor.css';
import { EditorApp } from './app';
import { keepTextEditingKeysInPage } from './editingKeys';

// Marks of the page's start-up (bench:ui prints them as a breakdown of the open time).
performance.mark('alm-editor:script');
const root = document.getElementById('app');
// `currentScript` is this bundle only while it runs: its nonce vouches for the embedded state.
const nonce = document.currentScript instanceof HTMLScriptElement ? document.currentScript.nonce : undefined;
keepTextEditingKeysInPage();
if (root) new EditorApp(root).start(nonce);
