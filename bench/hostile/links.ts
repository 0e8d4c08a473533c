// Links from a hostile server (issue 38 item 2): merging 60,000 links each way (both directions'
// records into one list, each link once), against mapping the same 120,000 records without a
// merge, measured in the same run. The old merge searched the made list for every received link.
import { mergeLinks, toLink } from '../../src/api/links';
import { median, now } from '../client/measure';

const EACH_WAY = 60_000;
const SELF = 1;
const ROUNDS = 5;

export function benchLinkMerge(): void {
  const made = Array.from({ length: EACH_WAY }, (_, i) => ({ id: String(i + 1), 'first-endpoint-id': String(SELF), 'second-endpoint-id': String(10 + i), 'second-endpoint-type': 'defect' }));
  const received = Array.from({ length: EACH_WAY }, (_, i) => ({
    id: String(EACH_WAY + i + 1),
    'first-endpoint-id': String(100_000 + i),
    'second-endpoint-id': String(SELF),
    'second-endpoint-type': 'defect',
  }));
  const time = (run: () => unknown): number => {
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = now();
      run();
      samples.push(now() - t);
    }
    return median(samples);
  };
  const baseline = time(() => [...made, ...received].map((r) => toLink(r, SELF)));
  const merge = time(() => mergeLinks(made, received, SELF));
  console.log(`\nLinks: ${EACH_WAY.toLocaleString('en')} each way (median of ${ROUNDS})`);
  console.log(`  records mapped, no merge ${baseline.toFixed(1).padStart(8)} ms`);
  console.log(`  merged (each link once)  ${merge.toFixed(1).padStart(8)} ms  ${(merge / baseline).toFixed(2)}× mapping`);
}
