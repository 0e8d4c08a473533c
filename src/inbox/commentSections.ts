// A defect's comments as sections, the way ALM's comment button writes them (defects/comments.ts):
// blocks separated by a line of underscores, each headed "Author, date:". Sections are remembered
// by a short digest, so "what was added since" is found by comparing content: ALM leaves no audit
// row for a memo change (reference §16.9, §17). No `vscode` import.
import { memoToText } from '../defects/memo';

export interface CommentSection {
  /** The author the header names; empty when the section has no header. */
  author: string;
  /** The header's date as written (`2026-12-02`, `02/12/2026`), empty when none. */
  date: string;
  text: string;
  digest: string;
}

const SEPARATOR = /^\s*_{5,}\s*$/;
const HEADER = /^\s*([^,\n]{1,80}),\s*(\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})\s*:/;

/** FNV-1a, 32 bits, as hex: enough to tell sections of one defect apart, and small to keep. */
function digestOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The sections of a comments memo (HTML), oldest first; empty ones are left out. */
export function commentSections(html: string | null | undefined): CommentSection[] {
  const blocks: string[][] = [[]];
  for (const line of memoToText(html).split('\n')) {
    if (SEPARATOR.test(line)) blocks.push([]);
    else blocks[blocks.length - 1].push(line);
  }
  return blocks
    .map((b) => b.join('\n').trim())
    .filter((t) => t !== '')
    .map((text) => {
      const m = HEADER.exec(text);
      return { author: m ? m[1].trim() : '', date: m ? m[2] : '', text, digest: digestOf(text.replace(/\s+/g, ' ')) };
    });
}
