// "Open as Grid" through its command in the extension host, against both server profiles of the run
// (12.55 speaking /api, 26.1 speaking Core only): the command opens the grid webview titled for the
// result it shows, once per call, and a saved filter it does not know opens nothing. The grid's page
// itself (rows, sorting, grouping, scrolling, selection) is driven in test/e2e/ui/grid.test.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO, onDemoAsAlice } from './support';
import { eventually } from '../../support/eventually';

function gridTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('almDefects.grid'));
}

describe('grid: Open as Grid from its command', function () {
  this.timeout(60_000);

  onDemoAsAlice({ defaultProject: false });

  it("opens a project's My Defects and Defects as grid tabs named for their result", async () => {
    const mine = await vscode.commands.executeCommand<string | undefined>('almDefects.openGrid', { ...DEMO, list: 'mine' });
    assert.equal(mine, 'My Defects · Demo');
    const tab = await eventually('the My Defects grid tab', () => gridTabs().find((t) => t.label === mine));
    assert.equal(tab.isActive, true);
    const all = await vscode.commands.executeCommand<string | undefined>('almDefects.openGrid', { ...DEMO, list: 'all' });
    assert.equal(all, 'Defects · Demo');
    await eventually('both grid tabs', () => gridTabs().length === 2);
  });

  it('opens nothing for a saved filter that is not in almDefects.savedFilters', async () => {
    const before = gridTabs().length;
    const result = await vscode.commands.executeCommand<string | undefined>('almDefects.openGrid', { ...DEMO, savedFilter: 'No such filter' });
    assert.equal(result, undefined);
    assert.equal(gridTabs().length, before);
  });
});
