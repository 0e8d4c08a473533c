// `customization/users` and `customization/users/{name}` (reference §12.1, D-users): the
// project's users, the same ones the `/api` tree checks user fields against.
//   XML  <Users><User Name="alice" FullName="Alice Adams"><email>…</email><UserActive>true</UserActive></User></Users>
//   JSON {"Users":{"User":[{"Name":"alice","FullName":"…","email":"…","UserActive":true}]}}; one user: the bare object
import { AlmError } from '../../errors';
import type { ProjectStore } from '../../store/project';
import type { CoreFormat } from '../wire/entity';
import { xmlDocument } from '../../xml';
import type { CoreJsonDialect } from '../../profile';

interface ProjectUser {
  name: string;
  'full-name': string | null;
  email: string | null;
}

/** One user in JSON; the 26.1 form keeps the XML's string values and D-users' `phone` (users carry none here). */
function userJson(u: ProjectUser, dialect: CoreJsonDialect): Record<string, unknown> {
  if (dialect === 'live-26.1') return { Name: u.name, FullName: u['full-name'] ?? '', email: u.email ?? '', phone: '', UserActive: 'true' };
  return { Name: u.name, FullName: u['full-name'] ?? '', email: u.email ?? '', UserActive: true };
}

function userNode(u: ProjectUser): Record<string, unknown> {
  const node: Record<string, unknown> = { '@_Name': u.name, '@_FullName': u['full-name'] ?? '' };
  if (u.email) node.email = u.email;
  node.UserActive = 'true';
  return node;
}

export function renderUsers(store: ProjectStore, format: CoreFormat, dialect: CoreJsonDialect): { type: string; body: string } {
  const users = store.listUsers();
  return format === 'json'
    ? { type: 'application/json; charset=utf-8', body: JSON.stringify({ Users: { User: users.map((u) => userJson(u, dialect)) } }) }
    : { type: 'application/xml; charset=utf-8', body: xmlDocument({ Users: { User: users.map(userNode) } }) };
}

export function renderUser(store: ProjectStore, name: string, format: CoreFormat, dialect: CoreJsonDialect): { type: string; body: string } {
  const user = store.listUsers().find((u) => u.name === name);
  if (!user) throw new AlmError(404, 'qccore.entity-not-found', `'${name}' is not a user of project ${store.name}.`);
  return format === 'json'
    ? { type: 'application/json; charset=utf-8', body: JSON.stringify(userJson(user, dialect)) }
    : { type: 'application/xml; charset=utf-8', body: xmlDocument({ User: userNode(user) }) };
}
