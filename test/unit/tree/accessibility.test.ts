// Every kind of tree row tells a screen reader what it is: which value is the status, which the
// severity, how many defects a group holds, whether a row is an error. The visual row
// ("12: Crash · Open · 2-Medium · alice", a bare count, "ID ↓") is not enough when read aloud.
import * as assert from 'node:assert/strict';
import { AttachmentChildren } from '../../../src/attachments/tree/attachmentChildren';
import type { DefectNode } from '../../../src/tree/nodes/defectNode';
import type { GroupNode } from '../../../src/tree/nodes/groupNode';
import { LoadMoreNode } from '../../../src/tree/nodes/loadMoreNode';
import type { MessageNode } from '../../../src/tree/nodes/messageNode';
import type { TreeNode } from '../../../src/tree/nodes/treeNode';
import { FakeAttachments } from '../attachments/fakeAttachments';
import { demoTree, kids } from './fakes';

const speech = (node: TreeNode) => node.item().accessibility;

describe('tree rows: accessibility information', () => {
  it('names the server, domain, project, defect lists, lists and list values', async () => {
    const { server, domain, project, defects } = await demoTree(250);
    // The name first, as the row shows it (and as a person finds the row by it).
    assert.match(speech(server).label, /^Demo, ALM server, http:\/\/alm\.test\/qcbin · alice/);
    assert.equal(speech(domain).label, 'Domain DEFAULT');
    assert.equal(speech(project).label, 'Project Demo');
    await kids(defects);
    assert.equal(speech(defects).label, 'Defects: 250 defects, sorted by ID, descending');
    const [, mine, favorites, lists] = await kids(project);
    assert.match(speech(mine).label, /^My Defects/);
    assert.equal(speech(favorites).label, 'ALM favorites of the project');
    assert.equal(speech(lists).label, 'Lists of the project (read-only)');
    const [status] = await kids(lists);
    assert.equal(speech(status).label, 'List Bug Status, 4 values');
    const [value] = await kids(status);
    assert.equal(speech(value).label, 'Value New');
    for (const node of [server, domain, project, defects, favorites, lists, status, value]) assert.equal(speech(node).role, 'treeitem', node.id);
  });

  it('reads a defect row as id, summary, status, severity and owner, and the Load more row with what it loads', async () => {
    const { defects, fake } = await demoTree(250);
    fake.rows[249].owner = null;
    const rows = await kids(defects);
    const first = rows[0] as DefectNode;
    const d = first.defect;
    assert.equal(speech(first).label, `Defect 250: ${String(d.name)}. Status ${String(d.status)}, severity ${String(d.severity)}, assigned to nobody.`);
    first.changedRemotely = true;
    assert.match(speech(first).label, /Changed on the server since you last opened it\.$/);
    const more = rows[100];
    assert.ok(more instanceof LoadMoreNode);
    assert.deepEqual(speech(more), { label: 'Load 100 more defects, 150 remaining', role: 'treeitem' });
  });

  it('reads a group with its field and count, and the grouped list says how it is grouped', async () => {
    const { defects } = await demoTree(250, { groupBy: 'severity' });
    const groups = (await kids(defects)) as GroupNode[];
    const total = groups.reduce((sum, g) => sum + Number(g.item().description), 0);
    assert.equal(total, 250);
    const g = groups[0];
    assert.equal(speech(g).label, `Severity ${g.item().label}: ${g.item().description} defects`);
    assert.equal(speech(defects).label, 'Defects: 250 defects, grouped by Severity, sorted by ID, descending');
  });

  it('says an error row is an error, and keeps rows that run a command in the tree (role treeitem)', async () => {
    const { defects, fake } = await demoTree(5);
    fake.failWith = new Error('boom');
    const [failed] = (await kids(defects)) as MessageNode[];
    assert.equal(failed.kind, 'error');
    assert.deepEqual(speech(failed), { label: 'Error: Unexpected error: boom', role: 'treeitem' });
  });

  it('reads an attachment row with its name, size and date', async () => {
    const { ctx, defects } = await demoTree(3);
    const api = new FakeAttachments();
    ctx.defectChildren = new AttachmentChildren(ctx, async () => ({ attachments: api }));
    const [row] = await kids(defects);
    api.add((row as DefectNode).defect.id, 'trace.log', Buffer.alloc(2048));
    const [attachment] = await kids(row);
    assert.match(speech(attachment).label, /^Attachment trace\.log, 2(\.0)? KB/);
    assert.equal(speech(attachment).role, 'treeitem');
  });
});
