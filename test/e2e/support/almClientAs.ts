// A client of src/api signed in as one of the e2e server's users, for a test's scene and clean-up
// (another user's change, a favorite to remove afterwards), never to act in the tested user's place.
import { AlmClient } from '../../../src/api/index';

export function almClientAs(server: { baseUrl: string }, user: { username: string; password: string }): AlmClient {
  return new AlmClient({ baseUrl: server.baseUrl, credentials: async () => ({ username: user.username, password: user.password }) });
}
