// "Get defect" (#almDefect): every field by its label, memos as inert Markdown text, attachments
// by name and size, and the defect's link. A read: no confirmation.
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import { defectLink } from '../../defects/refs';
import { vscodeDefectLink } from '../../defects/vscodeLink';
import { projectNames } from '../../defects/fieldText';
import { defectResult } from '../model/format';
import { defectId } from '../model/inputs';
import type { DefectInput } from '../model/inputs';
import { ToolInputError } from '../model/results';
import { describeProject, resolveProject } from '../projects';
import { defectWhat, runTool } from './toolKit';
import type { ChatToolContext } from './toolKit';

export const GET_DEFECT_TOOL = 'alm_getDefect';

export class GetDefectTool implements vscode.LanguageModelTool<DefectInput> {
  constructor(private readonly context: ChatToolContext) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<DefectInput>): vscode.PreparedToolInvocation {
    return { invocationMessage: l10n.t('Reading ALM defect {0}', options.input.id) };
  }

  invoke(options: vscode.LanguageModelToolInvocationOptions<DefectInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const input = options.input;
    const ctx = { what: defectWhat(Number(input.id)), write: false };
    return runTool(GET_DEFECT_TOOL, this.context, token, ctx, async (signal) => {
      const id = defectId(input.id);
      if (id === undefined) throw new ToolInputError(l10n.t('"{0}" is not a defect ID: pass the defect\'s number as "id".', String(input.id)));
      const ref = await resolveProject(this.context.services, input, signal);
      const where = describeProject(ref);
      ctx.what = defectWhat(id, where);
      const api = await this.context.services.project(ref);
      const [defect, fields, attachments, names] = await Promise.all([
        api.defects.get(id, { signal }),
        api.fields('defects', { signal }),
        api.attachments.list({ entity: { type: 'defect', ids: [id] }, signal }),
        projectNames(api, signal),
      ]);
      const base = this.context.services.vscodeLinkBase;
      const link = base ? vscodeDefectLink(base, ref.entry.baseUrl, { ...ref, id }) : defectLink(ref.entry.baseUrl, { ...ref, id });
      return defectResult({ defect, fields, attachments, where, link, names });
    });
  }
}
