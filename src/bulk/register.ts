// Registers "Update Selected…" (almDefects.updateSelected). The tree passes `(clicked, selected[])`
// with multi-select, the grid and the palette `{ defects: DefectRef[] }`; the command resolves with
// the BulkReport (undefined when the user cancelled a prompt or it failed, which it says).
import * as vscode from 'vscode';
import { registerCommand } from '../util/command';
import { COMMAND } from '../util/commands';
import type { BulkServices } from './services';
import { updateSelected } from './updateSelected';

export function registerBulkUpdate(services: BulkServices): vscode.Disposable {
  return registerCommand(COMMAND.updateSelected, services.log, (first, ...rest) => updateSelected(services, [first, ...rest]), {
    failure: vscode.l10n.t('Update Selected failed'),
  });
}
