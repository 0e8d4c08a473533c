// The grid page's entry: translations first, then the app, then `ready` to the host, which answers
// with the grid's init.
import '../editor/l10n';
import './grid.css';
import { isHostToGrid } from '../../src/shared/gridProtocol';
import type { GridToHost } from '../../src/shared/gridProtocol';
import { GridApp } from './app';
import { markOnce } from './marks';

markOnce('script');

interface VsCodeApi {
  postMessage(message: GridToHost): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = new GridApp((m) => vscode.postMessage(m));
app.mount(document.getElementById('app') ?? document.body);
window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isHostToGrid(event.data)) app.receive(event.data);
});
markOnce('ready');
vscode.postMessage({ type: 'ready' });
