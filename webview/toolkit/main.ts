// The toolkit bundle (dist/webview/toolkit.js): registers the @vscode/webview-ui-toolkit components
// the editor uses while editing. The editor page shows a defect without them and loads this bundle
// (webview/editor/toolkit.ts) when the page is idle or editing starts, whichever comes first.
// First: holds the toolkit's theme listener, which waits for a `load` that has passed (see there).
import { runHeldLoadListeners } from './lateLoad';
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeCheckbox, vsCodeDropdown, vsCodeOption, vsCodeRadio, vsCodeRadioGroup, vsCodeTextArea, vsCodeTextField } from '@vscode/webview-ui-toolkit';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeCheckbox(), vsCodeDropdown(), vsCodeOption(), vsCodeRadio(), vsCodeRadioGroup(), vsCodeTextArea(), vsCodeTextField());
// The toolkit's tokens now all exist: its listener applies the page's theme to every one of them.
runHeldLoadListeners();
