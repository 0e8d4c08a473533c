// Shared set-up of the controller tests: a project with defect 7 and an opened controller.
import { DefectController } from '../../../src/editor/controller/defectController';
import type { DefectControllerOptions } from '../../../src/editor/controller/defectController';
import { fakeProject } from '../../support/fakeProject/project';
import type { FakeProject } from '../../support/fakeProject/project';

export const KEY = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };
export const NOW = new Date(2026, 0, 5, 14, 30, 0);

export function seeded(project = fakeProject()) {
  project.seed({
    id: 7,
    name: 'Total is wrong',
    status: 'New',
    severity: '2-Medium',
    priority: '1-Low',
    owner: 'bob',
    'detected-by': 'alice',
    'creation-time': '2026-01-02',
    description: '<html><body><p>Steps</p></body></html>',
    'dev-comments': null,
    'user-02': ['Linux'],
    'estimated-fix-time': 3,
    'detected-in-rel': { type: 'release', id: 1001 },
    'last-modified': '2026-01-02 10:00:00',
  });
  return project;
}

export async function open(project: FakeProject, extra: Partial<DefectControllerOptions> = {}) {
  const c = new DefectController({ api: project, key: { ...KEY, id: 7 }, user: project.user, now: () => NOW, ...extra });
  const changes: string[] = [];
  c.onDidChange((ch) => changes.push(ch));
  await c.load();
  return { c, changes };
}
