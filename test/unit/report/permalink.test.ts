// Permalinks to lines of a file at a commit, from the remote URL forms of common hosting services.
import assert from 'node:assert/strict';
import { hostedRepository, permalink } from '../../../src/report/permalink';

const AT = { path: 'src/app dir/main.ts', commit: '0123456789abcdef0123456789abcdef01234567', startLine: 3, endLine: 5 };
const SHA = AT.commit;

function link(remote: string, at = AT): string | undefined {
  const repo = hostedRepository(remote);
  return repo && permalink(repo, at);
}

describe('report: permalinks from Git remotes', () => {
  it('GitHub from https, ssh and scp-like remotes', () => {
    const expected = `https://github.com/acme/shop/blob/${SHA}/src/app%20dir/main.ts#L3-L5`;
    assert.equal(link('https://github.com/acme/shop.git'), expected);
    assert.equal(link('https://github.com/acme/shop'), expected);
    assert.equal(link('git@github.com:acme/shop.git'), expected);
    assert.equal(link('ssh://git@github.com/acme/shop.git'), expected);
    assert.equal(link('https://user:token@github.com/acme/shop.git'), expected, 'credentials in the remote never reach the link');
    assert.equal(link('git@github.com:acme/shop.git', { ...AT, endLine: 3 }), `https://github.com/acme/shop/blob/${SHA}/src/app%20dir/main.ts#L3`);
  });

  it('GitLab with nested groups', () => {
    assert.equal(link('git@gitlab.com:group/sub/shop.git'), `https://gitlab.com/group/sub/shop/-/blob/${SHA}/src/app%20dir/main.ts#L3-5`);
    assert.equal(link('https://gitlab.example.org/team/shop.git')?.startsWith('https://gitlab.example.org/team/shop/-/blob/'), true);
    assert.equal(link('ssh://git@gitlab.com:2222/team/shop.git'), `https://gitlab.com/team/shop/-/blob/${SHA}/src/app%20dir/main.ts#L3-5`);
  });

  it('Bitbucket Cloud', () => {
    assert.equal(link('git@bitbucket.org:acme/shop.git'), `https://bitbucket.org/acme/shop/src/${SHA}/src/app%20dir/main.ts#lines-3:5`);
    assert.equal(link('https://alice@bitbucket.org/acme/shop.git'), `https://bitbucket.org/acme/shop/src/${SHA}/src/app%20dir/main.ts#lines-3:5`);
  });

  it('Azure DevOps from https, ssh and the older visualstudio.com form', () => {
    const url = new URL(link('https://acme@dev.azure.com/acme/Shop/_git/shop') ?? '');
    assert.equal(url.origin + url.pathname, 'https://dev.azure.com/acme/Shop/_git/shop');
    assert.equal(url.searchParams.get('path'), '/src/app dir/main.ts');
    assert.equal(url.searchParams.get('version'), `GC${SHA}`);
    assert.equal(url.searchParams.get('line'), '3');
    assert.equal(url.searchParams.get('lineEnd'), '6', 'the selection ends at the start of the line after the last');
    assert.equal(link('git@ssh.dev.azure.com:v3/acme/Shop/shop'), link('https://acme@dev.azure.com/acme/Shop/_git/shop'));
    assert.ok(link('https://acme.visualstudio.com/Shop/_git/shop')?.startsWith('https://acme.visualstudio.com/Shop/_git/shop?path='));
  });

  it('knows no link for other hosts, local paths and malformed remotes', () => {
    for (const remote of [
      'https://git.example.com/acme/shop.git',
      '/srv/git/shop.git',
      'file:///srv/git/shop.git',
      '../shop',
      'github.com',
      'https://github.com/acme',
      'https://github.com/acme/shop/extra',
      'git@ssh.dev.azure.com:v2/acme/Shop/shop',
    ]) {
      assert.equal(hostedRepository(remote), undefined, remote);
    }
  });
});
