// A refused password (a site that signs in through SSO) offers the page where users create their own
// API key: `<base>/apikey-management/` under the server's root path (see src/auth/apiKeyPage.ts).
import * as assert from 'node:assert/strict';
import { apiKeyPageUrl } from '../../../src/auth/apiKeyPage';
import { apiKeyActions } from '../../../src/auth/failureActions';
import { COMMAND } from '../../../src/util/commands';

describe('auth: the My API Key page', () => {
  it('lies under the root path of the entry, with or without a trailing slash', () => {
    assert.equal(apiKeyPageUrl({ url: 'https://alm.example.com/qcbin' }), 'https://alm.example.com/qcbin/apikey-management/');
    assert.equal(apiKeyPageUrl({ url: 'https://alm.example.com:8443/qcbin/' }), 'https://alm.example.com:8443/qcbin/apikey-management/');
    assert.equal(apiKeyPageUrl({ url: 'http://127.0.0.1:8080/alm/qcbin' }), 'http://127.0.0.1:8080/alm/qcbin/apikey-management/');
  });

  it('is offered with "Use an API Key" after a refused password, for that server', () => {
    const actions = apiKeyActions('Corp SSO');
    assert.deepEqual(
      actions.map((a) => [a.title, a.command, a.argument.server]),
      [
        ['Use an API Key', COMMAND.editServer, 'Corp SSO'],
        ['Open My API Key Page', COMMAND.openApiKeyPage, 'Corp SSO'],
      ],
    );
  });
});
