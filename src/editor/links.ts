// Which memo links the editor opens: absolute http(s) URLs only. Everything else a memo could
// hold (javascript:, command:, vscode:, file:, relative paths) is refused.

/** The URL to open for `href`, normalised, or undefined when it is not an absolute http(s) URL. */
export function externalLink(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Credentials in a link are a phishing trick, never something a memo needs.
  if (url.username || url.password) return undefined;
  return url.toString();
}
