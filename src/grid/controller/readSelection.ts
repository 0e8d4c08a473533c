// Reads the defect ids of a grid selection for the commands that need them (Update Selected): the
// pages the grid has shown give their ids at once; when rows it never held are selected, their ids
// are read from the server (selectionIds.ts) under a cancellable progress notification (the host's).
// No `vscode` import.
import * as l10n from '@vscode/l10n';
import type { ProjectApi } from '../../api';
import type { DefectQuery } from '../../defects/defectQuery';
import { clippedTo } from '../../shared/rowRanges';
import type { IndexRange } from '../../shared/rowRanges';
import { isAbort } from '../../util/cancellation';
import type { ProgressTask } from './gridHost';
import { SelectionMovedError, pagesOf, selectionIds } from './selectionIds';

export interface SelectionSource {
  api: ProjectApi;
  /** The grid's current query: the ranges are positions in its result. */
  query: DefectQuery;
  pageSize: number;
  /** The result's size as the grid showed it (the ranges are clipped to it). */
  total: number;
  /** The highest defect id when the grid was opened, if known (a higher one is a defect added since). */
  newestId?: number;
  /** The ids of a page the grid has shown. */
  known: (page: number) => readonly number[] | undefined;
  /** Aborted when the grid closes. */
  lifetime: AbortSignal;
  /** Shows a long read's progress, with Cancel (GridHost.progress). */
  progress: <T>(options: { title: string; cancellable: boolean }, task: ProgressTask<T>) => Promise<T>;
}

/** The ids of the rows in `ranges`, in the result's order; undefined when the user cancelled the reading. */
export async function readSelectionIds(requested: readonly IndexRange[], source: SelectionSource): Promise<number[] | undefined> {
  const { api, query, pageSize, total, newestId, known, lifetime, progress } = source;
  const ranges = clippedTo(requested, total);
  const read = (signal: AbortSignal, report?: (increment: number) => void) => {
    let shown = 0;
    return selectionIds(ranges, {
      pageSize,
      total,
      newestId,
      known,
      fetchIds: async (offset, limit, s) => {
        const page = await api.defects.page({ offset, pageSize: limit, fields: ['id'], filter: query.filter, orderBy: query.orderBy, signal: AbortSignal.any([s, lifetime]) });
        return { ids: page.items.map((d) => d.id), total: page.total };
      },
      signal,
      onProgress: (done, of) => {
        report?.((done * 100) / of - shown);
        shown = (done * 100) / of;
      },
    });
  };
  try {
    if (pagesOf(ranges, pageSize).every((p) => known(p) !== undefined)) return await read(lifetime);
    return await progress({ title: l10n.t('Reading the selected defects…'), cancellable: true }, (report, signal) => read(AbortSignal.any([signal, lifetime]), report));
  } catch (e) {
    if (isAbort(e)) return undefined;
    if (e instanceof SelectionMovedError) {
      throw new Error(
        l10n.t(
          'The result changed on the server since the grid showed it (defects were added, removed or re-sorted), so the selected rows would name other defects. Nothing was changed: reload the grid and select again.',
        ),
      );
    }
    throw e;
  }
}

/**
 * The highest defect id in the project now (undefined when it cannot be read): ids only grow, so a
 * defect read later with a higher id was added after this was asked.
 */
export async function newestDefectId(api: ProjectApi, signal: AbortSignal): Promise<number | undefined> {
  try {
    const page = await api.defects.page({ offset: 0, pageSize: 1, fields: ['id'], filter: {}, orderBy: [{ field: 'id', direction: 'desc' }], signal });
    return page.items[0]?.id ?? 0;
  } catch {
    // Only a check of the selection rests on it: without it, the other checks still run.
    return undefined;
  }
}
