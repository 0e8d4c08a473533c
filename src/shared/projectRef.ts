// The one way every part of the extension names a project: a configured server (by its entry's
// name) and a domain and project on it. Here, below everything, so the webview protocols, the API
// layer's callers and every feature share it. Types only.

/** One project of one configured server. */
export interface ProjectRefKey {
  /** Name of the server entry in `almDefects.servers`. */
  server: string;
  domain: string;
  project: string;
}
