// Hands VS Code's translation bundle to @vscode/l10n, which the modules without a `vscode` import
// (tree nodes, the editor controller, chat models: all tested in plain mocha) translate with.
// extension.ts imports this first, so even module-level constants of those modules are translated.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
