// The baseline every new data dir gets: demo users, domains and projects, the standard lists
// and one release, cycle and environment per project. The demo seeder builds on top of it.
import type { ServerContext } from '../context';
import { STANDARD_LISTS, listItemsOf } from '../metadata/lists';
import type { ProjectStore } from '../store/project';

export const DEMO_USERS = [
  { name: 'alice', password: 'alice-demo', fullName: 'Alice Example', email: 'alice@example.com' },
  { name: 'bob', password: 'bob-demo', fullName: 'Bob Example', email: 'bob@example.com' },
] as const;

export const DEMO_PROJECTS = [
  { domain: 'DEFAULT', project: 'Demo' },
  { domain: 'DEFAULT', project: 'Playground' },
  { domain: 'QA', project: 'Regression' },
] as const;

export function seedBaseline(ctx: ServerContext): ProjectStore[] {
  for (const user of DEMO_USERS) ctx.site.addUser(user);
  return DEMO_PROJECTS.map(({ domain, project }) => {
    const store = ctx.projects.create(domain, project);
    store.transaction(() => {
      store.insertUsers(DEMO_USERS.map((u) => ({ name: u.name, fullName: u.fullName, email: u.email })));
      store.insertListItems(listItemsOf(STANDARD_LISTS));
      const release = store.insertRelease({ id: 1001, name: 'Release 1', startDate: '2025-01-06', endDate: '2025-06-30' });
      store.insertCycle({ id: 2001, name: 'Cycle 1', releaseId: release, startDate: '2025-01-06', endDate: '2025-03-31' });
      store.insertEnvironment({ id: 3001, name: 'Staging' });
    });
    return store;
  });
}
