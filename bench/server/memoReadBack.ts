// The 26.1 memo read-back (server/src/coreTree/wire/memoReadBack.ts) over memos of many `<img>`
// tags (issue 38 item 10: the memo used to be rebuilt once per tag, 40,000 tags ≈ 10 s per read).
// Prints the time per memo and its ratio to the read-back of a memo of plain paragraphs of the same
// size measured in the same run (the baseline): linear work keeps the ratio near 1 at every size.
// Run: npx tsx bench/server/memoReadBack.ts
import { memoReadBack } from '../../server/src/coreTree/wire/memoReadBack';

function timed(memo: string): number {
  const started = performance.now();
  memoReadBack(memo);
  return performance.now() - started;
}

for (const tags of [4_000, 40_000, 90_000]) {
  const images = `<html><body>${'<img src="shot.png">'.repeat(tags)}</body></html>`;
  const plain = `<html><body>${'<b>plain text</b>'.repeat(Math.ceil(images.length / 17))}</body></html>`;
  timed(plain);
  const base = timed(plain);
  const ms = timed(images);
  console.log(`${tags} <img> tags (${(images.length / 1e6).toFixed(1)} MB): ${ms.toFixed(0)} ms; plain memo of the same size ${base.toFixed(0)} ms; ratio ${(ms / base).toFixed(2)}`);
}
