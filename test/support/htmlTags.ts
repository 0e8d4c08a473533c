// HTML read back by a real parser (htmlparser2), entities decoded as a browser decodes them, for
// tests of HTML the extension builds: which tags and attribute values a page really holds.
import { Parser } from 'htmlparser2';

export interface Tag {
  name: string;
  attributes: Record<string, string>;
}

/** The tags (in order) and the text of `html`. */
export function parseHtml(html: string): { tags: Tag[]; text: string } {
  const tags: Tag[] = [];
  let text = '';
  const parser = new Parser({
    onopentag: (name, attributes) => tags.push({ name, attributes }),
    ontext: (t) => (text += t),
  });
  parser.write(html);
  parser.end();
  return { tags, text };
}
