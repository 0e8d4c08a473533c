// "Search defects" (#almDefects): a filter on a project, answered with compact rows and the total
// count. It pages only until it has `limit` rows, so a broad filter never walks a whole project.
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import { ROW_FIELDS, searchResult } from '../model/format';
import { PAGE_SIZE, buildSearch, searchLimit } from '../model/inputs';
import type { SearchDefectsInput } from '../model/inputs';
import { describeProject, resolveProject } from '../projects';
import { runTool } from './toolKit';
import type { ChatToolContext } from './toolKit';
import type { Defect } from '../../api/index';
import { projectNames } from '../../defects/fieldText';

export const SEARCH_DEFECTS_TOOL = 'alm_searchDefects';

export class SearchDefectsTool implements vscode.LanguageModelTool<SearchDefectsInput> {
  constructor(private readonly context: ChatToolContext) {}

  prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: l10n.t('Searching ALM defects') };
  }

  invoke(options: vscode.LanguageModelToolInvocationOptions<SearchDefectsInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const input = options.input ?? {};
    const ctx = { what: l10n.t('the defect search'), write: false };
    return runTool(SEARCH_DEFECTS_TOOL, this.context, token, ctx, async (signal) => {
      const ref = await resolveProject(this.context.services, input, signal);
      const where = describeProject(ref);
      ctx.what = l10n.t('the defect search in {0}', where);
      const { filter, description } = buildSearch(input, ref.entry.username);
      const limit = searchLimit(input.limit);
      const api = await this.context.services.project(ref);
      const rows: Defect[] = [];
      let total = 0;
      let offset = 0;
      while (rows.length < limit) {
        const page = await api.defects.page({
          offset,
          pageSize: Math.min(PAGE_SIZE, limit - rows.length),
          fields: [...ROW_FIELDS],
          filter,
          orderBy: ['-id'],
          signal,
        });
        total = page.total;
        rows.push(...page.items);
        if (!page.hasMore || page.items.length === 0) break;
        offset = page.nextOffset;
      }
      const names = await projectNames(api, signal);
      return searchResult(rows.slice(0, limit), { where, description, total, limit }, names);
    });
  }
}
