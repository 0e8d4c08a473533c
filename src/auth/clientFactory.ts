// Builds the real AlmClient for a connection: settings, credentials callback and a logger tagged
// with the server's name. Kept apart so the connection logic can be tested with a fake client.
import { AlmClient } from '../api';
import type { Log } from '../util/log';
import type { ClientFactory } from './connection';

export function almClientFactory(log: Log): ClientFactory {
  return (entry, credentials, transport) => {
    const logger = log.child(`api:${entry.name}`);
    return new AlmClient({
      baseUrl: entry.url,
      credentials,
      logger,
      tls: transport.tls,
      proxy: transport.proxy,
      maxAnswerBytes: transport.maxAnswerBytes,
      dialect: entry.dialect ?? 'auto',
      // No ALM-CLIENT-TYPE: on 12.60+ a typed session is unusable without the header on every request.
    });
  };
}
