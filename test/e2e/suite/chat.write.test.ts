// The chat write tools in a real VS Code. Writes go through vscode.lm.invokeTool, where VS Code runs
// prepareInvocation and then invoke; in its extension-test mode VS Code accepts every confirmation
// without showing it, so the confirmation's text is read from prepareInvocation itself, and a user
// who takes a while to accept is played by preparing, letting bob act, and then invoking (the step
// VS Code runs after "Continue"), on the same tools built directly over alice's own client
// (chat.support's ToolSteps; the extension's internals are not reached). Checked: the
// confirmation text field by field, a write refused without a confirmation of exactly that change,
// Add comment appending after a comment bob wrote meanwhile, an update refused when bob changed the
// field after the confirmation, bob's lock refusing the write with his name, a defect being edited
// in this window refused without touching the editor's lock, and validation.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { LockedByOtherError } from '../../../src/api/index';
import type { Defect } from '../../../src/api/index';
import { appendComment, localDate } from '../../../src/defects/comments';
import { TOOLS, chatWorld, invoke } from './chat.support';
import type { ChatWorld } from './chat.support';
import { text as fieldText } from '../../support/text';
import { projectNames } from '../../../src/defects/fieldText';
import { userText } from '../../../src/shared/valueText';
import { escapeMarkdown } from '../../../src/util/markdown';

function confirmationOf(prepared: vscode.PreparedToolInvocation | undefined): { title: string; message: string } {
  const c = prepared?.confirmationMessages;
  assert.ok(c, `a confirmation: ${JSON.stringify(prepared)}`);
  return { title: c.title, message: typeof c.message === 'string' ? c.message : c.message.value };
}

describe('chat tools: confirmed writes under the lock', function () {
  this.timeout(60_000);
  let w: ChatWorld;
  let testStart = new Date();
  beforeEach(() => {
    testStart = new Date();
  });
  /** The dates a comment written during this test can carry: two when the test ran over midnight. */
  const todays = (): string[] => [...new Set([localDate(testStart), localDate(new Date())])];
  const todayPattern = (): string =>
    `(?:${todays()
      .map((d) => d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})`;

  before(async () => {
    w = await chatWorld();
  });

  after(async () => {
    await w?.bob.dispose();
    await w?.alice.dispose();
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

  const comments = async (id: number) => fieldText((await w.bobDemo.defects.get(id))['dev-comments']);

  it('Add comment: confirms the exact comment, then appends it through invokeTool, keeping the comments there', async () => {
    const input = { id: 304, comment: 'The fix is in build 2.3\n<b>not bold</b>' };
    const { title, message } = confirmationOf(await w.chat.prepare(TOOLS.comment, input));
    assert.equal(title, 'Add a comment to ALM defect 304?');
    assert.match(message, /^\*\*Defect 304\*\*: .* · Demo \\\(DEFAULT\/Demo\\\)$/m);
    assert.match(message, /^Appends to Comments \(`dev-comments`\), after the comments already there; no other field changes:$/m);
    assert.match(message, new RegExp(`^> \\*\\*alice, ${todayPattern()}:\\*\\*\\n> The fix is in build 2\\.3\\n> &lt;b&gt;not bold&lt;/b&gt;$`, 'm'));
    const before = await comments(304);
    const text = await invoke(TOOLS.comment, input);
    assert.match(text, /^Added the comment to defect 304 in Demo \(DEFAULT\/Demo\) as alice/);
    const after = await comments(304);
    const body = (html: string) => /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1].trim() ?? html;
    if (before) assert.ok(after.includes(body(before)), 'the comments that were there are kept');
    assert.ok(
      todays().some((d) => after.trimEnd().endsWith(`<b>alice, ${d}:</b> The fix is in build 2.3<br />&lt;b&gt;not bold&lt;/b&gt;</span></font></div>\n</body></html>`)),
      after,
    );
    await assertUnlocked(304);
  });

  it('Add comment: a comment bob adds while the user reads the confirmation is kept, ours comes after it', async () => {
    const input = { id: 305, comment: 'alice after bob' };
    confirmationOf(await w.chat.prepare(TOOLS.comment, input));
    await bobComments(305, 'bob was here meanwhile');
    assert.match(await w.chat.invoke(TOOLS.comment, input), /^Added the comment to defect 305/);
    const after = await comments(305);
    const bobAt = after.indexOf('bob was here meanwhile');
    assert.ok(bobAt > 0, "bob's comment is kept");
    assert.ok(
      todays().some((d) => after.indexOf(`<b>alice, ${d}:</b> alice after bob`) > bobAt),
      after,
    );
  });

  it('refuses a write without a confirmation of exactly that change, and a confirmation is used once', async () => {
    const before = await w.bobDemo.defects.get(305);
    const text = await w.chat.invoke(TOOLS.comment, { id: 305, comment: 'never confirmed' });
    assert.match(text, /^Error: not confirmed\. The user has not confirmed this comment on defect 305 .*nothing was changed/);
    confirmationOf(await w.chat.prepare(TOOLS.update, { id: 305, changes: { priority: '1-Low' } }));
    assert.match(await w.chat.invoke(TOOLS.update, { id: 305, changes: { priority: '2-Medium' } }), /^Error: not confirmed\./, 'another value is another change');
    assert.equal((await w.bobDemo.defects.get(305))['ver-stamp'], before['ver-stamp']);
    const confirmed = { id: 305, changes: { 'user-03': 'once' } };
    confirmationOf(await w.chat.prepare(TOOLS.update, confirmed));
    assert.match(await w.chat.invoke(TOOLS.update, confirmed), /^Updated defect 305/);
    assert.match(await w.chat.invoke(TOOLS.update, confirmed), /^Error: not confirmed\./);
  });

  it('Update defect: confirms each field as current → new, then changes only those fields', async () => {
    const before = await w.bobDemo.defects.get(306);
    const priority = before.priority === '5-Urgent' ? '1-Low' : '5-Urgent';
    const owner = before.owner === 'bob' ? 'alice' : 'bob';
    const input = { id: 306, changes: { Priority: priority, owner, 'user-03': 'CR-chat' } };
    const { title, message } = confirmationOf(await w.chat.prepare(TOOLS.update, input));
    assert.equal(title, 'Change 3 fields of ALM defect 306?');
    const shown = (v: Defect[string]) => (v === null || v === undefined || v === '' ? '\\(empty\\)' : fieldText(v));
    const row = (label: string, field: string, from: string, to: string) => new RegExp(`^- ${label} \\(\`${field}\`\\): ${from} → ${to}$`, 'm');
    assert.match(message, row('Priority', 'priority', shown(before.priority), priority));
    // Users as every view names them, "Full Name (login)" (issue 39), escaped as the Markdown writes them.
    const names = await projectNames(w.bobDemo);
    const person = (login: string) => escapeMarkdown(userText(login, names.users?.get(login)?.fullName)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.match(message, row('Assigned To', 'owner', before.owner ? person(String(before.owner)) : shown(before.owner), person(owner)));
    assert.match(message, row('[^(]+', 'user-03', '.*', 'CR-chat'));
    const text = await invoke(TOOLS.update, input);
    assert.match(text, /^Updated defect 306 in Demo \(DEFAULT\/Demo\):/);
    const after = await w.bobDemo.defects.get(306);
    assert.equal(after.priority, priority);
    assert.equal(after.owner, owner);
    assert.equal(after['user-03'], 'CR-chat');
    for (const f of ['name', 'status', 'severity', 'description', 'dev-comments']) assert.deepEqual(after[f], before[f], `${f} unchanged`);
    assert.match(await invoke(TOOLS.update, input), /^Defect 306 in Demo \(DEFAULT\/Demo\) already has these values; nothing was sent\./);
    assert.equal((await w.bobDemo.defects.get(306))['ver-stamp'], after['ver-stamp']);
    await assertUnlocked(306);
  });

  it('does not overwrite a field bob changed after the confirmation', async () => {
    const before = await w.bobDemo.defects.get(307);
    const mine = before.severity === '1-Low' ? '2-Medium' : '1-Low';
    const bobs = mine === '1-Low' ? '3-High' : '4-Very High';
    const input = { id: 307, changes: { severity: mine } };
    confirmationOf(await w.chat.prepare(TOOLS.update, input));
    await w.bobDemo.defects.update(307, { severity: bobs });
    assert.match(await w.chat.invoke(TOOLS.update, input), /^Error: changed meanwhile\. .*Severity of defect 307 .*nothing was changed/);
    assert.equal((await w.bobDemo.defects.get(307)).severity, bobs);
    await assertUnlocked(307);
  });

  it('refuses the write while bob holds the lock, naming him', async () => {
    const before = await w.bobDemo.defects.get(308);
    const lock = await w.bobDemo.locks.acquire({ type: 'defect', id: 308 });
    try {
      const text = await invoke(TOOLS.comment, { id: 308, comment: 'blocked' });
      assert.match(text, /^Error: locked\. Defect 308 in Demo \(DEFAULT\/Demo\) is being edited by bob \(locked since [^)]+\)\. Nothing was changed\./);
      const update = await invoke(TOOLS.update, { id: 308, changes: { priority: '1-Low' } });
      assert.match(update, /^Error: locked\. .* by bob /);
    } finally {
      await lock.release();
    }
    assert.equal((await w.bobDemo.defects.get(308))['ver-stamp'], before['ver-stamp']);
  });

  it('refuses a write while a defect editor of this window holds the lock, and leaves that lock alone', async () => {
    // The editor's lock belongs to the session the tools share: alice's client takes it, as an editor would.
    const lock = await w.alice.project('DEFAULT', 'Demo').locks.acquire({ type: 'defect', id: 310 });
    w.editingHere.add(310);
    try {
      const before = await w.bobDemo.defects.get(310);
      confirmationOf(await w.chat.prepare(TOOLS.comment, { id: 310, comment: 'while editing' }));
      assert.match(
        await w.chat.invoke(TOOLS.comment, { id: 310, comment: 'while editing' }),
        /^Error: open for editing\. Defect 310 is being edited in the defect editor of this VS Code window.* Nothing was changed\./,
      );
      confirmationOf(await w.chat.prepare(TOOLS.update, { id: 310, changes: { priority: '1-Low' } }));
      assert.match(await w.chat.invoke(TOOLS.update, { id: 310, changes: { priority: '1-Low' } }), /^Error: open for editing\./);
      await assert.rejects(w.bobDemo.locks.acquire({ type: 'defect', id: 310 }), LockedByOtherError, 'the editor keeps its lock');
      assert.equal((await w.bobDemo.defects.get(310))['ver-stamp'], before['ver-stamp']);
    } finally {
      w.editingHere.delete(310);
      await lock.release();
    }
  });

  it('Update defect with ids: one confirmation for all, then each under its lock; the one bob holds is reported and not overwritten', async () => {
    const ids = [311, 312, 313];
    const before = new Map(await Promise.all(ids.map(async (id) => [id, await w.bobDemo.defects.get(id)] as const)));
    // A value none of them has, so every write is a change.
    const severity = ['1-Low', '2-Medium', '3-High', '4-Very High'].find((v) => ids.every((id) => before.get(id)?.severity !== v));
    assert.ok(severity);
    const input = { ids, changes: { Severity: severity } };
    const { title, message } = confirmationOf(await w.chat.prepare(TOOLS.update, input));
    assert.equal(title, 'Change 1 fields of 3 ALM defects?');
    for (const id of ids) assert.match(message, new RegExp(`\\*\\*Defect ${id}\\*\\*`), `defect ${id} is named`);
    assert.match(message, new RegExp(`^- Severity \\(\`severity\`\\): → ${severity}$`, 'm'));
    const lock = await w.bobDemo.locks.acquire({ type: 'defect', id: 312 });
    let text: string;
    try {
      // VS Code's own path: it prepares (the confirmation), the test mode accepts, it invokes.
      text = await invoke(TOOLS.update, input);
    } finally {
      await lock.release();
    }
    assert.match(text, /^Update of 3 defects in Demo \(DEFAULT\/Demo\): 2 updated, 1 skipped\./);
    assert.match(text, /^- defect 311: updated$/m);
    assert.match(text, /^- defect 312: skipped: locked by bob$/m);
    assert.match(text, /^- defect 313: updated$/m);
    for (const id of [311, 313]) assert.equal((await w.bobDemo.defects.get(id)).severity, severity, `defect ${id} changed`);
    const held = await w.bobDemo.defects.get(312);
    assert.equal(held.severity, before.get(312)?.severity, 'the defect bob held keeps its severity');
    assert.equal(held['ver-stamp'], before.get(312)?.['ver-stamp'], 'and was not written at all');
    for (const id of ids) await assertUnlocked(id);
  });

  it('refuses invalid values before asking, naming the allowed values', async () => {
    const before = await w.bobDemo.defects.get(309);
    const input = { id: 309, changes: { priority: '9-Panic', 'dev-comments': 'x', nope: 1 } };
    assert.equal((await w.chat.prepare(TOOLS.update, input))?.confirmationMessages, undefined, 'nothing to confirm');
    const text = await invoke(TOOLS.update, input);
    assert.match(text, /^Error: validation failed\. .*Nothing was changed\./);
    assert.match(text, /"9-Panic" is not a value of Priority\. Priority allows: 1-Low, 2-Medium, 3-High, 4-Very High, 5-Urgent\./);
    assert.match(text, /Comments cannot be changed here\./);
    assert.match(text, /"nope" is not a defect field/);
    assert.match(await invoke(TOOLS.comment, { id: 999999, comment: 'x' }), /^Error: not found\. Defect 999999 .* Nothing was changed\./);
    assert.equal((await w.bobDemo.defects.get(309))['ver-stamp'], before['ver-stamp']);
  });
});
