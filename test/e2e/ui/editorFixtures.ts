// The one defect the page-side editor tests open: defect 7 of Demo in a fake project, with the
// fields each test cares about laid over a plain new defect.
import type { Defect } from '../../../src/api/index';
import { fakeProject } from '../../support/fakeProject/project';
import type { FakeProject } from '../../support/fakeProject/project';

export const EDITOR_DEFECT_KEY = { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: 7 } as const;

/** An image the host can resolve a memo's image to: one pixel. */
export const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A fake project holding defect 7 with `fields` over a new, medium-severity defect of alice's. */
export function projectWithEditorDefect(fields: Partial<Defect> & { name: string }): FakeProject {
  const project = fakeProject();
  project.seed({
    id: EDITOR_DEFECT_KEY.id,
    status: 'New',
    severity: '2-Medium',
    'detected-by': 'alice',
    'creation-time': '2026-01-02',
    description: '<html><body><p>start</p></body></html>',
    'dev-comments': null,
    ...fields,
  });
  return project;
}
