// A new defect's form pre-filled from the project's template (almDefects.newDefectDefaults) and from
// where the user reported (a report from code): the values reach the create, the report's win over
// the template's, fields the form does not offer are left out, and the notice says what came from where.
import assert from 'node:assert/strict';
import { DefectController } from '../../../src/editor/controller/defectController';
import type { DefectControllerOptions } from '../../../src/editor/controller/defectController';
import { fakeProject } from '../../support/fakeProject/project';
import type { FakeProject } from '../../support/fakeProject/project';
import { KEY, NOW } from './controllerSetup';

async function openNew(project: FakeProject, extra: Partial<DefectControllerOptions>) {
  const c = new DefectController({ api: project, key: { ...KEY }, user: project.user, now: () => NOW, ...extra });
  await c.load();
  return c;
}

describe('editor controller: a new defect pre-filled', () => {
  it('starts with the template, then the report values on top, and creates with both', async () => {
    const project = fakeProject();
    const created: number[] = [];
    const c = await openNew(project, {
      prefill: {
        template: { severity: '3-High', priority: '2-Medium', name: 'from the template' },
        values: { name: 'Total is wrong', description: '<html><body><pre><code>x &lt; 1</code></pre></body></html>' },
        origin: 'src/app.ts, line 3',
      },
      onCreated: (id) => void created.push(id),
    });
    assert.equal(c.lockPhase, 'editing');
    assert.equal(c.value('severity'), '3-High');
    assert.equal(c.value('priority'), '2-Medium');
    assert.equal(c.value('name'), 'Total is wrong', "the report's summary wins over the template's");
    const notice = c.status().notice;
    assert.equal(notice?.kind, 'info');
    assert.match(notice.text, /Pre-filled from src\/app\.ts, line 3: Summary, Description\./);
    assert.match(notice.text, /template \(almDefects\.newDefectDefaults\): Severity, Priority\./);
    assert.doesNotMatch(notice.text, /template[^.]*Summary/, 'a field the report filled is not marked as the template’s');

    assert.equal(await c.save(), 'saved');
    const sent = project.calls.find((call) => call.startsWith('create '));
    assert.ok(sent);
    const fields = JSON.parse(sent.slice('create '.length)) as Record<string, unknown>;
    assert.equal(fields.severity, '3-High');
    assert.equal(fields.name, 'Total is wrong');
    assert.match(String(fields.description), /x &lt; 1/);
    assert.equal(created.length, 1, 'onCreated heard the new defect');
    assert.equal(created[0], c.defectKey.id);
  });

  it('leaves out fields the form does not offer and says so', async () => {
    const c = await openNew(fakeProject(), { prefill: { template: { 'no-such-field': 'x', severity: '1-Low' } } });
    assert.equal(c.value('no-such-field'), undefined);
    assert.equal(c.value('severity'), '1-Low');
    const notice = c.status().notice;
    assert.equal(notice?.kind, 'warning');
    assert.match(notice.text, /left out: no-such-field/);
  });

  it('warns first of what the report masked (issue 38.5)', async () => {
    const warning = 'Check before saving: what you reported from holds what looks like secrets (AWS access key); they show as [masked] here and are not sent.';
    const c = await openNew(fakeProject(), { prefill: { values: { name: 'AWS_ACCESS_KEY_ID=[masked]' }, origin: 'src/env.ts, line 1', warning } });
    const notice = c.status().notice;
    assert.equal(notice?.kind, 'warning');
    assert.ok(notice.text.startsWith(warning), notice.text);
    assert.match(notice.text, /Pre-filled from src\/env\.ts, line 1: Summary\./);
  });

  it('shows no notice for a plain new defect', async () => {
    const c = await openNew(fakeProject(), {});
    assert.equal(c.status().notice, undefined);
    assert.equal(c.value('status'), 'New');
  });
});
