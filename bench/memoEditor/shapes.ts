// The memos the editor bench opens and types into: 1 MB of each shape issue 38 names, and a small
// plain memo (the baseline a typing pause is compared with). Bodies only: the bench wraps them as
// ALM stores memos (`<html><body>…</body></html>`).

const fill = (unit: (i: number) => string, size: number): string => {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const part = unit(i);
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
};

const TABLE_ROW = (i: number) => `<tr><td>${i}</td><td>Orders page</td><td><b>Save</b> then wait</td></tr>\n`;
const LIST_ITEM = (i: number) => `<li>Step ${i}: open the <i>Orders</i> page and click Save</li>\n`;

/** Shape name → memo body of about `size` characters. */
export function memoShapes(size: number): Record<string, string> {
  return {
    'plain paragraphs': fill((i) => `<p>Paragraph ${i}: open the Orders page, click Save and wait for the confirmation.</p>\n`, size),
    'many small tags': fill((i) => `<b>a${i % 10}</b><i>b</i><u>c</u><span style="color: red">d</span> `, size),
    'one huge table': `<table border="1"><tbody>\n${fill(TABLE_ROW, size)}</tbody></table>`,
    'one huge list': `<ul>\n${fill(LIST_ITEM, size)}</ul>`,
    'many <img>': fill((i) => `<img src="screens/shot-${i}.png" alt="shot ${i}"> `, size),
  };
}

/** The baseline: a small plain memo, typed into the same way. */
export const SMALL_MEMO = `<p>Steps: open the Orders page, click Save and wait.</p>\n`.repeat(16);
