// A multi-select quick pick in which Enter means what a person typing into it means. VS Code's own
// multi-select accepts "nothing checked" when the user types a value and presses Enter on the one row
// the filter leaves ("4" → "4-Very High"), and our callers read nothing checked as "any" or "nothing":
// the filter silently stayed as it was. Here Enter with nothing checked and text typed takes the row
// the text names; where the text leaves several rows, the pick stays open and says how to choose.
import * as vscode from 'vscode';
import { acceptedItems } from './pickManyChoice';

export interface PickManyOptions {
  title: string;
  placeHolder?: string;
  ignoreFocusOut?: boolean;
  matchOnDescription?: boolean;
}

/** The checked items (in list order), or undefined when the pick was dismissed. */
export function pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: PickManyOptions): Promise<T[] | undefined> {
  const pick = vscode.window.createQuickPick<T>();
  pick.canSelectMany = true;
  pick.items = items;
  pick.selectedItems = items.filter((i) => i.picked);
  pick.title = options.title;
  pick.placeholder = options.placeHolder;
  pick.ignoreFocusOut = options.ignoreFocusOut ?? false;
  pick.matchOnDescription = options.matchOnDescription ?? false;
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      const chosen = acceptedItems(items, pick.selectedItems, pick.activeItems, pick.value, pick.matchOnDescription);
      if (chosen === 'several' || chosen === 'none') {
        pick.title =
          chosen === 'several'
            ? vscode.l10n.t('{0} — several match "{1}": check them with Space, then press Enter', options.title, pick.value)
            : vscode.l10n.t('{0} — nothing matches "{1}"', options.title, pick.value);
        return;
      }
      resolve(chosen);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}
