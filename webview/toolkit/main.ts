// The toolkit bundle (dist/webview/toolkit.js): registers the @vscode/webview-ui-toolkit components
// the editor uses while editing. The editor page shows a defect without them and loads this bundle
// (webview/editor/toolkit.ts) when the page is idle or editing starts, whichever comes first.
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeCheckbox, vsCodeDropdown, vsCodeOption, vsCodeRadio, vsCodeRadioGroup, vsCodeTextArea, vsCodeTextField } from '@vscode/webview-ui-toolkit';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeCheckbox(), vsCodeDropdown(), vsCodeOption(), vsCodeRadio(), vsCodeRadioGroup(), vsCodeTextArea(), vsCodeTextField());
