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
import { pagesOf, readFavoriteView } from '../../api/index';
import type { Defect, Filter, OrderBySpec, ProjectApi } from '../../api/index';
import { addCondition } from '../../defects/filter';
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
      const search = buildSearch(input, ref.entry.username);
      const limit = searchLimit(input.limit);
      const api = await this.context.services.project(ref);
      const { filter, description, orderBy } =
        typeof input.favorite === 'string' && input.favorite.trim() ? await withFavorite(api, input.favorite.trim(), search, signal) : { ...search, orderBy: ['-id'] };
      const rows: Defect[] = [];
      let total = 0;
      // The one page walker (a server stopping short of its total is an error, not a shorter answer), up to the limit.
      for await (const page of pagesOf((offset) => api.defects.page({ offset, pageSize: Math.min(PAGE_SIZE, limit - rows.length), fields: [...ROW_FIELDS], filter, orderBy, signal }))) {
        total = page.total;
        rows.push(...page.items);
        if (rows.length >= limit) break;
      }
      const names = await projectNames(api, signal);
      return searchResult(rows.slice(0, limit), { where, description, total, limit }, names);
    });
  }
}

/**
 * The search with an ALM favorite's filter ANDed in and its order (newest first where it has none);
 * what of the favorite could not run is said in the description, so the answer never hides it.
 */
async function withFavorite(
  api: ProjectApi,
  name: string,
  search: { filter: Filter; description: string },
  signal: AbortSignal,
): Promise<{ filter: Filter; description: string; orderBy: OrderBySpec[] }> {
  const found = await api.favorites.named(name, { signal });
  const favorite = found.find((f) => f.name.toLowerCase() === name.toLowerCase()) ?? found[0];
  if (!favorite) throw new Error(l10n.t('No ALM favorite named "{0}" that you can see in this project: check the name under Favorites in the ALM view.', name));
  const view = await readFavoriteView(api, favorite, signal);
  const filter = { ...search.filter };
  for (const [field, condition] of Object.entries(view.filter))
    addCondition(filter, field, typeof condition === 'object' && !Array.isArray(condition) ? condition : { op: '=', value: String(condition) });
  const notApplied = view.notApplied.length ? l10n.t(' (not applied: {0})', view.notApplied.join('; ')) : '';
  return {
    filter,
    description: l10n.t('favorite "{0}"{1} · {2}', favorite.name, notApplied, search.description),
    orderBy: view.orderBy.length ? view.orderBy : ['-id'],
  };
}
