// Entry of the defect editor webview (bundled to dist/webview/editor.js, loaded by nonce under a
// strict CSP). Loads the translations, registers the toolkit components it uses, then starts the page.
// First: the translations must be there before any module-level string is made.
import './l10n';
import {
  provideVSCodeDesignSystem,
  vsCodeButton,
  vsCodeCheckbox,
  vsCodeDropdown,
  vsCodeOption,
  vsCodeProgressRing,
  vsCodeRadio,
  vsCodeRadioGroup,
  vsCodeTextArea,
  vsCodeTextField,
} from '@vscode/webview-ui-toolkit';
import './editor.css';
import { EditorApp } from './app';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeCheckbox(), vsCodeDropdown(), vsCodeOption(), vsCodeProgressRing(), vsCodeRadio(), vsCodeRadioGroup(), vsCodeTextArea(), vsCodeTextField());

const root = document.getElementById('app');
if (root) new EditorApp(root).start();
