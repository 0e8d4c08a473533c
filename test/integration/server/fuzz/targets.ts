// What the fuzz test sends requests to: one line per resource and method, grouped by REST tree.
// `{root}` is the server's root path, `{p}` a project's base in that tree, `{id}` an entity id,
// `{name}` an attachment or user name, `{entity}` an entity type (often real, sometimes hostile). A new route is a new line here; a new tree is a
// new list in TREES.
type BodyKind = 'none' | 'json' | 'xml' | 'multipart' | 'raw';

export interface FuzzTarget {
  method: string;
  path: string;
  body: BodyKind;
  /** Share of the requests relative to the others (default 1). */
  weight?: number;
}

/** The 12.5x `/api` tree and the authentication endpoints. */
const API_TARGETS: readonly FuzzTarget[] = [
  { method: 'GET', path: '{root}/api/domains', body: 'none' },
  { method: 'GET', path: '{root}/api/domains/{domain}/projects', body: 'none' },
  { method: 'GET', path: '{p}/defects', body: 'none' },
  { method: 'GET', path: '{p}/defects/{id}', body: 'none' },
  { method: 'PUT', path: '{p}/defects/{id}', body: 'json' },
  { method: 'PUT', path: '{p}/defects', body: 'json' },
  { method: 'POST', path: '{p}/defects', body: 'json' },
  { method: 'DELETE', path: '{p}/defects/{id}', body: 'none' },
  { method: 'DELETE', path: '{p}/defects', body: 'json' },
  { method: 'GET', path: '{p}/locks', body: 'none' },
  { method: 'GET', path: '{p}/locks/{id}', body: 'none' },
  { method: 'POST', path: '{p}/locks', body: 'json' },
  { method: 'DELETE', path: '{p}/locks/{id}', body: 'none' },
  { method: 'GET', path: '{p}/defects/$metadata/fields', body: 'none' },
  { method: 'GET', path: '{p}/{collection}/$metadata/fields', body: 'none' },
  { method: 'GET', path: '{p}/list-items', body: 'none' },
  { method: 'GET', path: '{p}/list-items/{id}', body: 'none' },
  { method: 'POST', path: '{p}/list-items', body: 'json' },
  { method: 'GET', path: '{p}/attachments', body: 'none' },
  { method: 'GET', path: '{p}/attachments/{id}', body: 'none' },
  { method: 'POST', path: '{p}/attachments', body: 'multipart' },
  { method: 'POST', path: '{p}/attachments', body: 'raw' },
  { method: 'PUT', path: '{p}/attachments/{id}', body: 'json' },
  { method: 'DELETE', path: '{p}/attachments/{id}', body: 'none' },
  { method: 'POST', path: '{root}/api/authentication/sign-in', body: 'none', weight: 0.05 },
  { method: 'GET', path: '{root}/authentication-point/authenticate', body: 'none', weight: 0.05 },
  { method: 'POST', path: '{root}/authentication-point/alm-authenticate', body: 'raw', weight: 0.05 },
  { method: 'POST', path: '{root}/rest/site-session', body: 'raw', weight: 0.05 },
  { method: 'GET', path: '{root}/rest/is-authenticated', body: 'none' },
];

/** The Core `/rest` tree (XML or JSON entities, a lock per defect, API-key login). */
const CORE_TARGETS: readonly FuzzTarget[] = [
  { method: 'GET', path: '{root}/rest/domains', body: 'none' },
  { method: 'GET', path: '{root}/rest/domains/{domain}/projects', body: 'none' },
  { method: 'GET', path: '{p}/defects', body: 'none' },
  { method: 'GET', path: '{p}/defects/{id}', body: 'none' },
  { method: 'POST', path: '{p}/defects', body: 'xml' },
  { method: 'POST', path: '{p}/defects', body: 'json' },
  { method: 'PUT', path: '{p}/defects/{id}', body: 'xml' },
  { method: 'PUT', path: '{p}/defects/{id}', body: 'json' },
  { method: 'PUT', path: '{p}/defects', body: 'xml' },
  { method: 'PUT', path: '{p}/defects', body: 'json' },
  { method: 'DELETE', path: '{p}/defects/{id}', body: 'none' },
  { method: 'DELETE', path: '{p}/defects', body: 'none' },
  { method: 'GET', path: '{p}/defects/{id}/lock', body: 'none' },
  { method: 'POST', path: '{p}/defects/{id}/lock', body: 'none' },
  { method: 'DELETE', path: '{p}/defects/{id}/lock', body: 'none' },
  { method: 'GET', path: '{p}/defects/{id}/attachments', body: 'none' },
  { method: 'POST', path: '{p}/defects/{id}/attachments', body: 'multipart' },
  { method: 'POST', path: '{p}/defects/{id}/attachments', body: 'raw' },
  { method: 'GET', path: '{p}/defects/{id}/attachments/{name}', body: 'none' },
  { method: 'PUT', path: '{p}/defects/{id}/attachments/{name}', body: 'xml' },
  { method: 'PUT', path: '{p}/defects/{id}/attachments/{name}', body: 'raw' },
  { method: 'PUT', path: '{p}/defects/{id}/attachments/{name}', body: 'json' },
  { method: 'POST', path: '{p}/defects', body: 'xml', weight: 0.5 },
  { method: 'DELETE', path: '{p}/defects/{id}/attachments/{name}', body: 'none' },
  { method: 'GET', path: '{p}/customization/entities', body: 'none' },
  { method: 'GET', path: '{p}/customization/entities/{entity}/fields', body: 'none' },
  { method: 'GET', path: '{p}/customization/entities/{entity}/lists', body: 'none' },
  { method: 'GET', path: '{p}/customization/used-lists', body: 'none' },
  { method: 'GET', path: '{p}/customization/lists', body: 'none' },
  { method: 'GET', path: '{p}/customization/users', body: 'none' },
  { method: 'GET', path: '{p}/customization/users/{name}', body: 'none' },
  { method: 'POST', path: '{root}/rest/oauth2/login', body: 'json', weight: 0.05 },
];

export interface FuzzTree {
  name: string;
  /** A project's base path in this tree. */
  projectBase: string;
  targets: readonly FuzzTarget[];
}

export const TREES: readonly FuzzTree[] = [
  { name: 'api', projectBase: '{root}/api/domains/{domain}/projects/{project}', targets: API_TARGETS },
  { name: 'rest', projectBase: '{root}/rest/domains/{domain}/projects/{project}', targets: CORE_TARGETS },
];
