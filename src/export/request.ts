// The argument of "Export to CSV…": an ExportRequest (src/defects/defectQuery.ts) as the grid
// sends it, checked before anything is asked or read, since commands can be run with anything.
// No `vscode` import.
import type { ExportRequest } from '../defects/defectQuery';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function asExportRequest(arg: unknown): ExportRequest | undefined {
  if (!isRecord(arg) || !isRecord(arg.query) || !Array.isArray(arg.columns)) return undefined;
  const q = arg.query;
  if (typeof q.server !== 'string' || typeof q.domain !== 'string' || typeof q.project !== 'string') return undefined;
  if (!isRecord(q.filter) || !Array.isArray(q.orderBy)) return undefined;
  const columns = arg.columns.filter((c): c is string => typeof c === 'string' && c.trim() !== '');
  if (columns.length === 0) return undefined;
  return {
    query: {
      server: q.server,
      domain: q.domain,
      project: q.project,
      filter: q.filter as ExportRequest['query']['filter'],
      orderBy: q.orderBy as ExportRequest['query']['orderBy'],
      title: typeof q.title === 'string' ? q.title : '',
    },
    columns: [...new Set(columns)],
  };
}

/** A file name from the result's title ("My Defects · Core16/demo" → "My Defects - Core16-demo.csv"). */
export function suggestedFileName(title: string): string {
  const base = title
    .replace(/[·]/g, '-')
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base || 'defects'}.csv`;
}
