// Writes a query's whole result as CSV: page after page from the server (never all rows at once),
// each page turned into text and written before the next is asked for, waiting for the file to
// drain, so memory stays at about one page whatever the result's size. The file is written beside
// its target under a temporary name and renamed over it only when complete: a cancel or a failure
// leaves the target as it was. The temporary name is random and the file is created exclusively,
// so nothing planted at a name (a symlink to another file) is followed or overwritten. Values read as the other views show them (fieldText): list labels,
// releases and cycles by name, users with full names, dates in the locale, memos as plain text;
// the header is the fields' labels. No `vscode` import.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isEmptyValue } from '../api/index';
import type { FieldCatalog, ProjectApi } from '../api/index';
import type { DefectQuery } from '../defects/defectQuery';
import { fieldText } from '../defects/fieldText';
import type { ValueNames } from '../defects/fieldText';
import { UTF8_BOM, csvRecord } from './csv';

/**
 * Rows asked for per request. 1,000 grew a fresh extension host by 63–100 MB over an export of
 * 100,000 rows (bench:ui export; V8 grows its heap for the larger pages), 500 by 4–33 MB at 10% more
 * time, 250 took half as long again: 200 requests for 100,000 rows.
 */
const PAGE_SIZE = 500;

export interface CsvExport {
  query: DefectQuery;
  /** Field names, in the order of the file's columns. */
  columns: readonly string[];
  /** The file to write (replaced when complete). */
  path: string;
  /** Start the file with a UTF-8 byte order mark (Excel). */
  bom: boolean;
  /** Keep spreadsheets from running values as formulas (`'` before `=`, `+`, `-`, `@`). */
  guardFormulas?: boolean;
  names: ValueNames;
  signal?: AbortSignal;
  /** After each page: rows written so far, and the result's total once known. */
  onProgress?(rows: number, total: number | undefined): void;
  pageSize?: number;
}

export interface CsvExportResult {
  rows: number;
  bytes: number;
}

/** The header: each column's label (its name when the metadata does not know it). */
function headerOf(columns: readonly string[], fields: FieldCatalog | undefined): string[] {
  return columns.map((c) => fields?.get(c)?.label ?? c);
}

export async function writeCsv(api: Pick<ProjectApi, 'defects' | 'fields'>, x: CsvExport): Promise<CsvExportResult> {
  const fields = await api.fields('defects', { signal: x.signal }).catch(() => undefined);
  const part = join(dirname(x.path), `.${basename(x.path)}.${randomBytes(8).toString('hex')}.part`);
  // 'wx': created here or failing (EEXIST), never a file or symlink that was already there.
  const out = (await open(part, 'wx')).createWriteStream({ encoding: 'utf8' });
  // Settles once: finished, or the file failed (cannot be created, a full disk) at any moment.
  const finished = new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.once('finish', resolve);
  });
  finished.catch(() => undefined);
  let rows = 0;
  let bytes = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text, 'utf8');
    if (!out.write(text)) await Promise.race([once(out, 'drain'), finished]);
  };
  try {
    // Labels are the project's to name (custom fields): guarded as values are.
    await write((x.bom ? UTF8_BOM : '') + csvRecord(headerOf(x.columns, fields), { guardFormulas: x.guardFormulas }));
    const metas = x.columns.map((c) => fields?.get(c));
    const query = api.defects.query({ filter: x.query.filter, orderBy: x.query.orderBy, fields: x.columns, pageSize: x.pageSize ?? PAGE_SIZE, signal: x.signal });
    for await (const page of query.pages()) {
      x.signal?.throwIfAborted();
      let text = '';
      for (const defect of page.items)
        text += csvRecord(
          // An empty cell stays empty: a spreadsheet reads no value there, not a dash.
          x.columns.map((c, i) => (isEmptyValue(defect[c]) ? '' : fieldText(c, defect[c], x.names, metas[i]))),
          { guardFormulas: x.guardFormulas },
        );
      rows += page.items.length;
      await write(text);
      x.onProgress?.(rows, query.total);
    }
    out.end();
    await finished;
    await rename(part, x.path);
    return { rows, bytes };
  } catch (e) {
    out.destroy();
    await rm(part, { force: true });
    throw e;
  }
}
