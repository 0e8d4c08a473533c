// Attaches the demo files to the first defects of a project: the screenshot that defect 2's
// description shows inline, and files of several types (some hostile) on a few others.
import type { AttachmentStore } from '../store/attachments';
import { toHtmlFragment } from '../attachments/format';
import type { ProjectStore } from '../store/project';
import { HOSTILE_HTML, HOSTILE_SVG, binaryDump, configJson, minimalPdf, resultsCsv, screenshotPng, serverLog } from './files';
import type { DemoFile } from './files';
import { imageDescription } from './memos';
import type { Random } from './random';

export interface AttachInput {
  store: ProjectStore;
  attachments: AttachmentStore;
  rng: Random;
  /** Ids of the first defects, in generation order. */
  defectIds: readonly number[];
  rootPath: string;
  imagePosition: number;
}

export function attachDemoFiles(input: AttachInput): { count: number; imageDefectId: number | null } {
  const { store, attachments, rng, defectIds } = input;
  let count = 0;
  const attach = (defectId: number | undefined, file: DemoFile) => {
    if (defectId === undefined) return undefined;
    count++;
    return attachments.insertBuffer(
      {
        name: file.name,
        description: toHtmlFragment(file.description),
        refSubtype: file.refSubtype ?? 0,
        entityType: 'defect',
        entityId: defectId,
        contentType: file.contentType,
      },
      file.content,
    );
  };

  let imageDefectId: number | null = null;
  const imageDefect = defectIds[input.imagePosition - 1];
  const image = attach(imageDefect, {
    name: 'screenshot.png',
    contentType: 'image/png',
    content: screenshotPng(),
    description: 'Screenshot of the wrong total',
    refSubtype: 1,
  });
  if (image && imageDefect !== undefined) {
    const defect = store.getDefect(imageDefect);
    const url = `${input.rootPath}/api/domains/${encodeURIComponent(store.domain)}/projects/${encodeURIComponent(store.name)}/attachments/${image.id}`;
    store.updateDefect(imageDefect, { description: imageDescription(String(defect?.name ?? 'Screenshot'), url) });
    imageDefectId = imageDefect;
  }

  attach(defectIds[3], { name: 'server.log', contentType: 'text/plain', content: serverLog(rng, 200), description: 'Application server log\nfrom app-01' });
  attach(defectIds[3], { name: 'config.json', contentType: 'application/json', content: configJson(rng), description: 'Client configuration' });
  attach(defectIds[4], { name: 'results.csv', contentType: 'text/csv', content: resultsCsv(rng), description: 'Test run <results> & timings' });
  attach(defectIds[4], { name: 'report.pdf', contentType: 'application/pdf', content: minimalPdf('Defect report'), description: 'Exported report' });
  attach(defectIds[5], { name: 'core.dmp', contentType: 'application/octet-stream', content: binaryDump(rng, 64 * 1024), description: 'Crash dump' });
  attach(defectIds[2], { name: 'hostile.svg', contentType: 'image/svg+xml', content: HOSTILE_SVG, description: 'SVG with script (security test)' });
  attach(defectIds[2], { name: 'hostile report.html', contentType: 'text/html', content: HOSTILE_HTML, description: 'HTML with script (security test)' });
  // A log on about one in ten of the next defects, so lists of attachments vary.
  for (const id of defectIds.slice(6, 60)) {
    if (rng.chance(0.1)) attach(id, { name: `trace-${id}.log`, contentType: 'text/plain', content: serverLog(rng, rng.int(5, 40)), description: '' });
  }
  return { count, imageDefectId };
}
