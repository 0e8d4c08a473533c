// Parsing cost of hostile XML bodies (issue 28 item 2), in process: for each body, the time of the
// server's pre-check (server/src/xmlCost.ts) and, when it accepts the body, of the parse the Core
// tree then runs (fast-xml-parser), in ms per MB. Run: npx tsx bench/server/hardening.ts --xml-cost
// Figures on the 2-core dev machine under load: every hostile body of the issue is refused in
// 1-3 ms/MB (before: a million attributes 23 s on 11.9 MB, 3.9 M `&amp;` 5 s, 2.1 M `<Entity/>`
// 6.5 s, a 19 MB attribute 3.3 s); the costliest accepted bodies parse in 150-400 ms/MB.
import { XMLParser } from 'fast-xml-parser';
import { checkXmlCost, entityBodyBounds } from '../../server/src/xmlCost';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', parseTagValue: false, processEntities: true, htmlEntities: false });

const field = (i: number, attrs = '') => `<Field Name="f${i}"${attrs}><Value>v</Value></Field>`;
const entity = (fields: string) => `<Entity Type="defect"><Fields>${fields}</Fields></Entity>`;

const BODIES: Record<string, () => string> = {
  'a million attributes on one element': () => `<Entity Type="defect" ${Array.from({ length: 1_000_000 }, (_, i) => `a${i}="1"`).join(' ')}><Fields/></Entity>`,
  '3.9 M &amp;': () => entity(`<Field Name="description"><Value>${'&amp;'.repeat(3_900_000)}</Value></Field>`),
  '2.1 M empty <Entity/>': () => `<Entities>${'<Entity/>'.repeat(2_100_000)}</Entities>`,
  'a 19 MB attribute': () => `<Entity Type="${'x'.repeat(19_000_000)}"><Fields/></Entity>`,
  'accepted: a 19 MB memo': () => entity(`<Field Name="description"><Value>${'abc def '.repeat(2_400_000)}</Value></Field>`),
  'accepted: 500 entities of 126 fields (the element bound)': () =>
    `<Entities>${Array.from({ length: 500 }, () => entity(Array.from({ length: 126 }, (_, i) => field(i)).join(''))).join('')}</Entities>`,
  'accepted: 999,000 &amp; and 14 MB of text': () => entity(`<Field Name="description"><Value>${'&amp;'.repeat(999_000)}${'x'.repeat(14_000_000)}</Value></Field>`),
};

export function printXmlCost(): void {
  const bounds = entityBodyBounds(500);
  for (const [name, make] of Object.entries(BODIES)) {
    const text = make();
    const mb = text.length / (1024 * 1024);
    let started = performance.now();
    let verdict = 'accepted';
    try {
      checkXmlCost(text, bounds);
    } catch (err) {
      verdict = `refused: ${(err as Error).message.slice(0, 70)}`;
    }
    const check = performance.now() - started;
    started = performance.now();
    if (verdict === 'accepted') parser.parse(text, true);
    const parse = performance.now() - started;
    console.log(`${name} (${mb.toFixed(1)} MB): check ${check.toFixed(0)} ms, parse ${parse.toFixed(0)} ms, ${((check + parse) / mb).toFixed(0)} ms/MB; ${verdict}`);
  }
}
