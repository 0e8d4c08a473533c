// The chat write tools in a real VS Code, called through vscode.lm.invokeTool: outside a chat VS Code
// asks for the confirmation that prepareInvocation built in a modal dialog, which the launcher reads
// and answers for the test (see nextDialog). Checked: the confirmation text field by field, nothing
// written when it is declined, Add comment appending after a comment bob wrote meanwhile, an update
// refused when bob changed the field after the confirmation, bob's lock refusing the write with his
// name, and a validation failure refused before any confirmation.
import * as assert from 'node:assert/strict';
import type { Defect } from '../../../src/api/index';
import { appendComment, localDate } from '../../../src/editor/controller/comments';
import { nextDialog } from '../environment';
import { TOOLS, chatWorld, invoke } from './chat.support';
import type { ChatWorld } from './chat.support';

/** Starts a write and waits for VS Code's confirmation of it; `result` settles once the dialog is answered. */
async function confirmationOf(tool: string, input: object) {
  const dialog = nextDialog();
  const result = invoke(tool, input).then((text) => ({ text }), (error: unknown) => ({ error }));
  return { dialog: await dialog, result };
}

describe('chat tools: confirmed writes under the lock', function () {
  this.timeout(60_000);
  let w: ChatWorld;
  const today = localDate(new Date());

  before(async () => {
    w = await chatWorld();
  });

  after(async () => {
    await w?.bob.dispose();
  });

  /** bob writes a comment the way the editor does: under the lock, appended to the current comments. */
  async function bobComments(id: number, text: string): Promise<void> {
    const lock = await w.bobDemo.locks.acquire({ type: 'defect', id });
    try {
      const current = (await w.bobDemo.defects.get(id))['dev-comments'];
      await w.bobDemo.defects.update(id, { 'dev-comments': appendComment(typeof current === 'string' ? current : null, 'bob', new Date(), text) });
    } finally {
      await lock.release();
    }
  }

  /** The lock is free again: bob can take it. */
  async function assertUnlocked(id: number): Promise<void> {
    const lock = await w.bobDemo.locks.acquire({ type: 'defect', id });
    await lock.release();
  }

  it('Add comment: confirms the exact comment, then appends it after what bob added meanwhile', async () => {
    const before = String((await w.bobDemo.defects.get(304))['dev-comments'] ?? '');
    const { dialog, result } = await confirmationOf(TOOLS.comment, { id: 304, comment: 'The fix is in build 2.3\n<b>not bold</b>' });
    assert.equal(dialog.message, 'Add a comment to ALM defect 304?');
    assert.match(dialog.detail, /Defect 304/);
    assert.match(dialog.detail, /Demo \(DEFAULT\/Demo\)/);
    assert.match(dialog.detail, new RegExp(`alice, ${today}:`));
    assert.match(dialog.detail, /The fix is in build 2\.3/);
    assert.match(dialog.detail, /<b>not bold<\/b>|&lt;b&gt;not bold&lt;\/b&gt;/);
    await bobComments(304, 'bob was here meanwhile');
    await dialog.answer('accept');
    const { text } = (await result) as { text: string };
    assert.match(text, /^Added the comment to defect 304 in Demo \(DEFAULT\/Demo\) as alice/);
    const after = String((await w.bobDemo.defects.get(304))['dev-comments']);
    const body = (html: string) => /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1].trim() ?? html;
    if (before) assert.ok(after.includes(body(before)), 'the comments that were there are kept');
    const bobAt = after.indexOf('bob was here meanwhile');
    const aliceAt = after.indexOf(`<b>alice, ${today}:</b> The fix is in build 2.3<br />&lt;b&gt;not bold&lt;/b&gt;`);
    assert.ok(bobAt > 0, 'bob\'s comment is kept');
    assert.ok(aliceAt > bobAt, `alice's comment comes last: ${after}`);
    await assertUnlocked(304);
  });

  it('a declined confirmation writes nothing', async () => {
    const before = await w.bobDemo.defects.get(305);
    const { dialog, result } = await confirmationOf(TOOLS.comment, { id: 305, comment: 'never sent' });
    await dialog.answer('cancel');
    const outcome = await result;
    assert.ok('error' in outcome, 'the invocation is cancelled');
    const after = await w.bobDemo.defects.get(305);
    assert.equal(after['ver-stamp'], before['ver-stamp']);
    assert.doesNotMatch(String(after['dev-comments'] ?? ''), /never sent/);
  });

  it('Update defect: confirms each field as current → new, then changes only those fields', async () => {
    const before = await w.bobDemo.defects.get(306);
    const priority = before.priority === '5-Urgent' ? '1-Low' : '5-Urgent';
    const owner = before.owner === 'bob' ? 'alice' : 'bob';
    const { dialog, result } = await confirmationOf(TOOLS.update, { id: 306, changes: { Priority: priority, owner, 'user-03': 'CR-chat' } });
    assert.equal(dialog.message, 'Change 3 fields of ALM defect 306?');
    const shown = (v: Defect[string]) => (v === null || v === undefined || v === '' ? '\\(empty\\)' : String(v));
    assert.match(dialog.detail, new RegExp(`Priority \\(\`?priority\`?\\): ${shown(before.priority)} → ${priority}`));
    assert.match(dialog.detail, new RegExp(`Assigned To \\(\`?owner\`?\\): ${shown(before.owner)} → ${owner}`));
    assert.match(dialog.detail, /\(`?user-03`?\): .* → CR-chat/);
    await dialog.answer('accept');
    const { text } = (await result) as { text: string };
    assert.match(text, /^Updated defect 306 in Demo \(DEFAULT\/Demo\):/);
    const after = await w.bobDemo.defects.get(306);
    assert.equal(after.priority, priority);
    assert.equal(after.owner, owner);
    assert.equal(after['user-03'], 'CR-chat');
    for (const f of ['name', 'status', 'severity', 'description', 'dev-comments']) assert.deepEqual(after[f], before[f], `${f} unchanged`);
    await assertUnlocked(306);
  });

  it('does not overwrite a field bob changed after the confirmation', async () => {
    const before = await w.bobDemo.defects.get(307);
    const mine = before.severity === '1-Low' ? '2-Medium' : '1-Low';
    const bobs = mine === '1-Low' ? '3-High' : '4-Very High';
    const { dialog, result } = await confirmationOf(TOOLS.update, { id: 307, changes: { severity: mine } });
    await w.bobDemo.defects.update(307, { severity: bobs });
    await dialog.answer('accept');
    const { text } = (await result) as { text: string };
    assert.match(text, /^Error: changed meanwhile\. .*Severity of defect 307 .*nothing was changed/);
    assert.equal((await w.bobDemo.defects.get(307)).severity, bobs);
    await assertUnlocked(307);
  });

  it('refuses the write while bob holds the lock, naming him', async () => {
    const before = await w.bobDemo.defects.get(308);
    const lock = await w.bobDemo.locks.acquire({ type: 'defect', id: 308 });
    try {
      const { dialog, result } = await confirmationOf(TOOLS.comment, { id: 308, comment: 'blocked' });
      await dialog.answer('accept');
      const { text } = (await result) as { text: string };
      assert.match(text, /^Error: locked\. Defect 308 in Demo \(DEFAULT\/Demo\) is being edited by bob \(locked since [^)]+\)\. Nothing was changed\./);
    } finally {
      await lock.release();
    }
    assert.equal((await w.bobDemo.defects.get(308))['ver-stamp'], before['ver-stamp']);
  });

  it('refuses invalid values before asking, naming the allowed values', async () => {
    const before = await w.bobDemo.defects.get(309);
    const text = await invoke(TOOLS.update, { id: 309, changes: { priority: '9-Panic', 'dev-comments': 'x', nope: 1 } });
    assert.match(text, /^Error: validation failed\. .*Nothing was changed\./);
    assert.match(text, /"9-Panic" is not a value of Priority\. Priority allows: 1-Low, 2-Medium, 3-High, 4-Very High, 5-Urgent\./);
    assert.match(text, /Comments cannot be changed here\./);
    assert.match(text, /"nope" is not a defect field/);
    assert.match(await invoke(TOOLS.comment, { id: 999999, comment: 'x' }), /^Error: not found\. Defect 999999 .* Nothing was changed\./);
    assert.equal((await w.bobDemo.defects.get(309))['ver-stamp'], before['ver-stamp']);
  });
});
