import { dateText } from '../../../src/shared/valueText';
import * as assert from 'node:assert/strict';
import type { Defect } from '../../../src/api';
import { AttachmentChildren, UPLOAD_ATTACHMENT_COMMAND } from '../../../src/attachments/tree/attachmentChildren';
import { OPEN_ATTACHMENT_COMMAND } from '../../../src/attachments/tree/attachmentNode';
import type { AttachmentNode } from '../../../src/attachments/tree/attachmentNode';
import type { DefectRef } from '../../../src/defects/refs';
import { DefectNode } from '../../../src/tree/nodes/defectNode';
import { MessageNode, loadingNode } from '../../../src/tree/nodes/messageNode';
import { LoadingNode } from '../../../src/tree/nodes/treeNode';
import type { NodeItem, TreeNode } from '../../../src/tree/nodes/treeNode';
import { testContext } from '../tree/fakes';
import type { TestContext } from '../tree/fakes';
import { FakeAttachments } from './fakeAttachments';

const REF: DefectRef = { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: 7 };
const DEFECT: Defect = { type: 'defect', id: 7, name: 'Broken total', status: 'Open' };

/** A list that loads defect nodes, like the tree's Defects node. */
class DefectList extends LoadingNode {
  readonly id = 'alm:Demo/DEFAULT/Demo/defects';
  generation = 0;
  item(): NodeItem {
    return { label: 'Defects', collapsible: 'expanded', contextValue: 'alm:defects', accessibility: { label: 'Defects' } };
  }
  protected async load(): Promise<TreeNode[]> {
    this.generation++;
    return [new DefectNode(this, this.ctx, REF, DEFECT)];
  }
  protected failure(): TreeNode {
    return loadingNode(this, this.ctx, 'failed');
  }
  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx);
  }
}

function setup(): { ctx: TestContext; api: FakeAttachments; children: AttachmentChildren; list: DefectList } {
  const ctx = testContext();
  const api = new FakeAttachments();
  const children = new AttachmentChildren(ctx, async (ref) => {
    assert.deepEqual([ref.server, ref.domain, ref.project], ['Demo', 'DEFAULT', 'Demo']);
    return { attachments: api };
  });
  ctx.defectChildren = children;
  return { ctx, api, children, list: new DefectList(undefined, ctx) };
}

describe('attachments: tree rows under a defect', () => {
  it('makes the defect expandable and lists its attachments by name with size, date, tooltip and an open command', async () => {
    const { api, list } = setup();
    api.add(7, 'zeta.log', Buffer.alloc(2048));
    api.add(7, 'Alpha.png', Buffer.alloc(10));
    api.add(8, 'elsewhere.txt');
    const [defect] = await list.resolveChildren();
    assert.equal(defect.item().collapsible, 'collapsed');
    const rows = await (defect as DefectNode).resolveChildren();
    assert.deepEqual(
      rows.map((r) => r.item().label),
      ['Alpha.png', 'zeta.log'],
    );
    const zeta = rows[1] as AttachmentNode;
    const item = zeta.item();
    assert.equal(item.description, `2.0 KB · ${dateText('2026-01-05 10:00:00')}`);
    assert.equal(item.contextValue, 'alm:attachment');
    assert.deepEqual(item.icon, { id: 'file-code' });
    assert.match(item.tooltip ?? '', /^\*\*zeta\\?\.log\*\*/);
    assert.equal(item.command?.command, OPEN_ATTACHMENT_COMMAND);
    assert.equal(item.command?.arguments?.[0], zeta);
    assert.deepEqual(zeta.location, { ...REF, id: zeta.attachment.id, name: 'zeta.log' });
    assert.equal(zeta.id, `${defect.id}/attachment/${zeta.attachment.id}`);
  });

  it('shows "No attachments" with an upload action when there are none', async () => {
    const { list } = setup();
    const [defect] = await list.resolveChildren();
    const rows = await (defect as DefectNode).resolveChildren();
    assert.equal(rows.length, 1);
    assert.ok(rows[0] instanceof MessageNode);
    assert.equal(rows[0].item().label, 'No attachments');
    assert.equal(rows[0].item().command?.command, UPLOAD_ATTACHMENT_COMMAND);
    assert.deepEqual(rows[0].item().command?.arguments, [REF]);
  });

  it('loads only when expanded, and a refresh reloads exactly the rows that show the defect', async () => {
    const { ctx, api, children, list } = setup();
    const [defect] = await list.resolveChildren();
    assert.equal(api.calls.filter((c) => c === 'list').length, 0, 'nothing is read before the defect is expanded');
    await (defect as DefectNode).resolveChildren();
    api.add(7, 'new.txt');
    ctx.redraws.length = 0;
    assert.equal(children.refresh(REF), 1);
    assert.deepEqual(ctx.redraws, [defect]);
    assert.deepEqual(
      (await (defect as DefectNode).resolveChildren()).map((r) => r.item().label),
      ['new.txt'],
    );
    assert.equal(children.refresh({ ...REF, id: 8 }), 0, 'a defect nobody expanded');
  });

  it('forgets defect rows the tree replaced', async () => {
    const { children, list } = setup();
    const [first] = await list.resolveChildren();
    await (first as DefectNode).resolveChildren();
    list.refresh();
    const [second] = await list.resolveChildren();
    assert.notEqual(first, second);
    assert.equal(children.refresh(REF), 0, 'the old row is gone and the new one was never expanded');
    await (second as DefectNode).resolveChildren();
    assert.equal(children.refresh(REF), 1);
  });

  it('turns a failed listing into an error row with a retry', async () => {
    const { api, list } = setup();
    api.list = () => Promise.reject(new Error('boom'));
    const [defect] = await list.resolveChildren();
    const rows = await (defect as DefectNode).resolveChildren();
    assert.equal(rows.length, 1);
    assert.match(rows[0].item().label, /boom/);
    assert.equal(rows[0].item().contextValue, 'alm:message+error');
  });
});
