// The project's users from Core's `customization/users` (reference §12.1, D-users), for the user
// pickers. Every JSON spelling of the collection is read (userRecords). Inactive users are left out, as ALM's own UsersList does.
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

/** A record that is itself one user (a `<User>` mapped alone, without its collection around it). */
function isUser(v: Record<string, unknown>): boolean {
  return typeof (v.Name ?? v.name) === 'string';
}

/**
 * The user records of every shape the collection grammar gives (issue 40): `{"Users":{"User":[…]}}`
 * (a lone `User` as an object, none as `{}` or `""`), `{"Users":[…]}`, the root dropped as in
 * `{"User":[…]}` or `{"User":{…}}`, a plain array, and one bare user object.
 */
function userRecords(body: unknown): Record<string, unknown>[] | undefined {
  if (Array.isArray(body)) return records(body);
  if (!isRecord(body)) return undefined;
  const outer = body.Users ?? body.users;
  if (outer === '' || outer === null) return [];
  if (Array.isArray(outer)) return records(outer);
  if (isRecord(outer)) return outer.User !== undefined || outer.user !== undefined ? records(outer.User ?? outer.user) : isUser(outer) ? [outer] : [];
  if (outer !== undefined) return undefined;
  if (body.User !== undefined || body.user !== undefined) return records(body.User ?? body.user);
  return isUser(body) ? [body] : undefined;
}

/** The active users of a `customization/users` answer, sorted by name. */
export function parseCoreUsers(body: unknown): ProjectUser[] {
  const list = userRecords(body);
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
