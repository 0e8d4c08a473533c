// Why this module exists: @vscode/webview-ui-toolkit 1.4.0 applies VS Code's theme to its design
// tokens only from a window `load` listener (dist/utilities/theme/applyTheme.js, registered when its
// first token is created). That listener reads the `--vscode-*` variables and only then starts
// watching <body>'s class for theme changes. The editor loads the toolkit after the page's `load`
// (webview/editor/toolkit.ts keeps ~130 KB off the first paint), so the event never came: every
// control kept the toolkit's defaults, the dark palette, in light and high-contrast themes too, and
// never followed a theme change (issue 29).
// The workaround, until the toolkit applies the theme when the page has already loaded: while the
// toolkit's modules are evaluated, a `load` listener added to a page that has already loaded is
// held here; `runHeldLoadListeners()` runs it once the components are registered, as the event
// would have. The toolkit's own code then applies the theme and starts its watcher.
// Imported by ./main.ts before the toolkit, so that it runs first.

type AddEventListener = typeof window.addEventListener;

const held: EventListenerOrEventListenerObject[] = [];
// The page's own method, put back by runHeldLoadListeners (its `this` is always `window` here).
// eslint-disable-next-line @typescript-eslint/unbound-method
const addEventListener: AddEventListener = window.addEventListener;

function holdingAddEventListener(this: Window, ...args: Parameters<AddEventListener>): void {
  const [type, listener] = args;
  // Before the page's `load`, the event is still to come: the listener waits for it as usual.
  if (type === 'load' && listener && document.readyState === 'complete') held.push(listener);
  else addEventListener.apply(this, args);
}

window.addEventListener = holdingAddEventListener as AddEventListener;

/** Stops holding `load` listeners and runs those held, with a `load` event of their own. */
export function runHeldLoadListeners(): void {
  window.addEventListener = addEventListener;
  const event = new Event('load');
  for (const listener of held.splice(0)) {
    if (typeof listener === 'function') listener.call(window, event);
    else listener.handleEvent(event);
  }
}
