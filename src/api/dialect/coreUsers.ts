// The project's users from Core's `customization/users` (reference §12.1, D-users), for the user
// pickers. Both JSON spellings are read: the XML tree mapped 1:1 (`{"Users":{"User":[…]}}`, a lone
// object for one user) and a plain array. Inactive users are left out, as ALM's own UsersList does.
import { UnexpectedAnswerError } from '../errors';
import type { ProjectUser } from '../types';
import { isRecord, optionalText } from './coreValues';
import type { DialectIo, ProjectScope } from './dialect';

const seg = encodeURIComponent;

function coreUsersPath(scope: ProjectScope): string {
  return `/rest/domains/${seg(scope.domain)}/projects/${seg(scope.project)}/customization/users`;
}

function records(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter(isRecord) : isRecord(v) ? [v] : [];
}

const text = optionalText;

/** The active users of a `customization/users` answer, sorted by name. */
export function parseCoreUsers(body: unknown): ProjectUser[] {
  const outer = isRecord(body) ? (body.Users ?? body.users) : body;
  const list = Array.isArray(outer) ? records(outer) : isRecord(outer) ? records(outer.User ?? outer.user) : undefined;
  if (!list) throw new UnexpectedAnswerError("The project's user list is not a valid Users answer. Check that the URL points to the ALM server (…/qcbin).");
  const users: ProjectUser[] = [];
  for (const u of list) {
    const name = text(u.Name ?? u.name);
    // PascalCase as the XML maps, and camelCase in case the users answer went the way 26.1's fields did.
    if (!name || text(u.UserActive ?? u.userActive)?.toLowerCase() === 'false') continue;
    const fullName = text(u.FullName ?? u.fullName ?? u['full-name']);
    const email = text(u.email ?? u.Email);
    users.push({ name, ...(fullName ? { fullName } : {}), ...(email ? { email } : {}) });
  }
  return users.sort((a, b) => a.name.localeCompare(b.name));
}

export async function loadCoreUsers(io: DialectIo): Promise<ProjectUser[]> {
  const res = await io.json({ method: 'GET', path: coreUsersPath(io.scope), signal: io.signal });
  return parseCoreUsers(res.body);
}
