// bench:ui's empty-webview baseline (see package.json): the key opens a panel whose page is one
// heading under the same kind of strict CSP as the defect editor; the bench times key → heading shown.
const vscode = require('vscode');

let opened = 0;

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('almBench.openEmptyWebview', () => {
      opened += 1;
      const panel = vscode.window.createWebviewPanel('almBench.empty', `Empty ${opened}`, vscode.ViewColumn.Active, { enableScripts: true, retainContextWhenHidden: false });
      panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head><body><h1 class="bench-empty">Empty webview ${opened}</h1></body></html>`;
    }),
  );
};
