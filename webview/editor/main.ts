// Entry of the defect editor webview (bundled to dist/webview/editor.js, loaded by nonce under a
// strict CSP). Registers the toolkit components it uses, then starts the page.
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

provideVSCodeDesignSystem().register(
  vsCodeButton(),
  vsCodeCheckbox(),
  vsCodeDropdown(),
  vsCodeOption(),
  vsCodeProgressRing(),
  vsCodeRadio(),
  vsCodeRadioGroup(),
  vsCodeTextArea(),
  vsCodeTextField(),
);

const root = document.getElementById('app');
if (root) new EditorApp(root).start();
