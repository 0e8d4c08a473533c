// A one-choice quick pick whose choice is heard on accept. vscode.window.showQuickPick answers only
// once its widget has closed (~20 ms after Enter in bench:ui); a QuickPick's accept reaches the
// extension while the widget is still up (~2 ms). A choice that starts a reload of the tree closes
// the widget a task later, when the reload has started and the tree's redraw is sent, so the
// workbench closes it while the rows are fetched instead of before. Any other choice (one that
// leads to another prompt) closes it at once, as showQuickPick would have.
import * as vscode from 'vscode';

export interface PickOnAcceptOptions<T> {
  title: string;
  ignoreFocusOut?: boolean;
  /** Whether choosing `item` starts work that redraws the tree (its widget then closes a task later). */
  startsWork?: (item: T) => boolean;
}

/** The accepted item, or undefined when the pick was dismissed. */
export function pickOnAccept<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOnAcceptOptions<T>): Promise<T | undefined> {
  const pick = vscode.window.createQuickPick<T>();
  pick.items = items;
  pick.title = options.title;
  pick.ignoreFocusOut = options.ignoreFocusOut ?? false;
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      const later = item !== undefined && (options.startsWork?.(item) ?? false);
      if (!later) pick.hide();
      resolve(item);
      if (later) setTimeout(() => pick.hide(), 0);
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}
