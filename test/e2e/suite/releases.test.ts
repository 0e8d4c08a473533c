// Releases and cycles by name outside the editor (issue 30), driven through VS Code's own hover
// command on a file that references a defect: the hover names the defect's target release and cycle
// (read once per project) and its owner by full name where the server has one, never `release 1002`.
// Runs against every server profile of the suite (12.55 with both trees, 26.1 Core only).
import * as assert from 'node:assert/strict';
import { hoverAt, openReferenceFile } from './workflowSupport';
import { onDemoAsAlice } from './support';
import { eventually } from '../../support/eventually';

const DEFECT = 96;

describe('releases by name: the hover of a defect reference', function () {
  this.timeout(60_000);
  const demo = onDemoAsAlice();

  it('names the target release and cycle a defect points to', async () => {
    const catalog = await demo.bobDemo.releases();
    assert.equal(catalog.unavailable, undefined, 'the server lists its releases');
    const cycle = catalog.cycles.find((c) => c.releaseId !== 0 && catalog.releases.some((r) => r.id === c.releaseId));
    assert.ok(cycle, 'the demo has cycles');
    const release = catalog.releases.find((r) => r.id === cycle.releaseId);
    assert.ok(release);
    await demo.bobDemo.defects.update(DEFECT, { 'target-rel': { type: 'release', id: release.id }, 'target-rcyc': { type: 'release-cycle', id: cycle.id } });

    const doc = await openReferenceFile('releases.ts', `// see defect ${DEFECT}\n`);
    const text = await eventually('a hover with the target release', async () => {
      const shown = await hoverAt(doc, `defect ${DEFECT}`);
      return shown.includes('Target:') ? shown : undefined;
    });
    assert.ok(text.includes(`Target: ${release.name} / ${cycle.name}`), text);
    assert.doesNotMatch(text, new RegExp(`#${release.id}|release ${release.id}`));
  });
});
