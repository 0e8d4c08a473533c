// An open editor following the defect events (defects/events.ts): a defect saved elsewhere (Update
// Selected, the chat tools, Start Work) is read again by its editor, which shows it in read mode or
// says it changed; one in edit mode holds the lock, so those writers skipped it. Its own saves the
// editor has already. No `vscode` import.
import type { DefectEventSource, DefectEventStream } from '../defects/events';
import type { DefectRef } from '../defects/refs';

/** The editor of a defect as the events reach it (DefectController). */
interface OpenEditor {
  /** `writer`: the feature whose save this is, which the editor's notice names. */
  checkForChanges(writer: DefectEventSource): Promise<unknown>;
}

export function followDefectEvents(events: DefectEventStream, editorOf: (ref: DefectRef) => OpenEditor | undefined, log: { warn(message: string): void }): { dispose(): void } {
  return events.onDidSave(({ ref, source }) => {
    if (source === 'editor') return;
    editorOf(ref)
      ?.checkForChanges(source)
      .catch((e: unknown) => log.warn(`defect ${ref.id} saved (${source}); its editor could not read it again: ${String(e)}`));
  });
}
