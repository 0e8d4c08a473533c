import * as assert from 'node:assert/strict';
import { LockedByOtherError, NotFoundError, ValidationError } from '../../../src/api/index';
import type { ProjectRef } from '../../../src/api/index';
import { NotSignedInError } from '../../../src/auth/connection';
import { describeFailure, ToolInputError } from '../../../src/chat/model/results';
import { resolveProject } from '../../../src/chat/projects';
import type { DefaultProjectSetting } from '../../../src/config/defaultProject';
import type { ChatServer, ChatToolServices } from '../../../src/chat/services';
import { RawQueryError } from '../../../src/api/dialect/rawQuery';
import { EditingHereError } from '../../../src/defects/lockedWrite';
import { fakeProject } from '../../support/fakeProject/project';

function services(servers: ChatServer[], projects: Record<string, ProjectRef[]> = {}, preset?: DefaultProjectSetting): ChatToolServices & { listed: string[] } {
  const listed: string[] = [];
  return {
    listed,
    servers: () => servers,
    defaultProject: () => preset,
    projects: async (server) => {
      listed.push(server);
      return projects[server] ?? [];
    },
    project: async () => fakeProject().api(),
    editingHere: () => false,
    log: { debug: () => undefined, warn: () => undefined },
    now: () => new Date(0),
  };
}

const server = (name: string, signedIn: boolean, pinned: Partial<ChatServer> = {}): ChatServer => ({ name, baseUrl: `http://${name}/qcbin`, username: 'alice', signedIn, ...pinned });

describe('chat: which project a tool works on', () => {
  it('takes what the input names, then the default project, then a pinned entry', async () => {
    const s = services([server('A', true), server('B', true, { domain: 'D', project: 'P' })], {}, { server: 'A', domain: 'DA', project: 'PA' });
    assert.deepEqual(await resolveProject(s, {}).then(({ entry, ...r }) => r), { server: 'A', domain: 'DA', project: 'PA' });
    assert.deepEqual(await resolveProject(s, { project: 'Other' }).then(({ entry, ...r }) => r), { server: 'A', domain: 'DA', project: 'Other' });
    assert.deepEqual(await resolveProject(s, { server: 'b' }).then(({ entry, ...r }) => r), { server: 'B', domain: 'D', project: 'P' });
    assert.deepEqual(s.listed, [], 'nothing listed when the project is known');
  });

  it('falls back to the only project of the only signed-in server, and lists the choices otherwise', async () => {
    const one = services([server('A', false), server('B', true)], { B: [{ domain: 'DEFAULT', name: 'Demo' }] });
    assert.equal((await resolveProject(one, {})).project, 'Demo');
    const many = services([server('B', true)], {
      B: [
        { domain: 'DEFAULT', name: 'Demo' },
        { domain: 'X', name: 'Y' },
      ],
    });
    await assert.rejects(resolveProject(many, {}), /B has several projects \(DEFAULT\/Demo, X\/Y\); pass "domain" and "project"/);
    assert.equal((await resolveProject(many, { domain: 'x' })).project, 'Y');
    await assert.rejects(resolveProject(services([server('A', true), server('B', true)]), {}), /Several ALM servers are signed in \("A", "B"\)/);
    await assert.rejects(resolveProject(services([server('A', false), server('B', false)]), {}), /signed out/);
    await assert.rejects(resolveProject(services([]), {}), /No ALM server is configured/);
    // The one "no such server" message, with the configured names added for the model to pick from.
    await assert.rejects(resolveProject(services([server('A', true), server('B', false)]), { server: 'Z' }), {
      message: 'No ALM server named "Z" is configured. Configured: "A", "B".',
    });
  });
});

describe('chat: failures as text', () => {
  const write = { what: 'defect 42 in Demo (DEFAULT/Demo)', write: true };
  it('names the holder of a lock, the refused values, a missing defect and a signed-out server', () => {
    assert.equal(
      describeFailure(new LockedByOtherError('locked', 'bob', '2026-11-25 10:00:00'), write),
      'Error: locked. Defect 42 in Demo (DEFAULT/Demo) is being edited by bob (locked since 2026-11-25 10:00:00). Nothing was changed. Try again when they have finished, or ask them to close the defect.',
    );
    assert.match(
      describeFailure(new ValidationError('bad', [{ field: 'priority', code: 'not-in-list', message: '"9" is not a value of Priority.' }]), write),
      /^Error: validation failed\. .* Nothing was changed\.\n- "9" is not a value of Priority\.$/,
    );
    assert.equal(
      describeFailure(new EditingHereError(310), write),
      'Error: open for editing. Defect 310 is being edited in the defect editor of this VS Code window, which holds its lock. Save or cancel there first (the editor also has Add comment). Nothing was changed.',
    );
    assert.equal(describeFailure(new NotFoundError('gone'), { what: 'defect 9 in X', write: false }), 'Error: not found. Defect 9 in X does not exist, or the user may not see it.');
    assert.match(describeFailure(new NotSignedInError('Not signed in to Demo.', false), write), /^Error: signed out\. Not signed in to Demo\. .*ALM: Sign In….*Nothing was changed\.$/);
    assert.match(describeFailure(new RawQueryError('A quoted value is not closed.'), { what: 'x', write: false }), /^The ALM query is not valid: A quoted value is not closed\./);
    assert.equal(describeFailure(new ToolInputError('Pick one.'), write), 'Pick one. Nothing was changed.');
  });
});
