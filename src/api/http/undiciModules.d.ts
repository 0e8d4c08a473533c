// Types for the undici modules undici.ts loads one by one: each exports what undici's index
// re-exports under the same name, so undici's own declarations describe it.
declare module 'undici/lib/dispatcher/agent' {
  import { Agent } from 'undici';
  export = Agent;
}
declare module 'undici/lib/dispatcher/client' {
  import { Client } from 'undici';
  export = Client;
}
declare module 'undici/lib/dispatcher/proxy-agent' {
  import { ProxyAgent } from 'undici';
  export = ProxyAgent;
}
declare module 'undici/lib/core/connect' {
  import { buildConnector } from 'undici';
  export = buildConnector;
}
declare module 'undici/lib/api/api-request' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher.prototype.request: `this` is the dispatcher that carries the request. */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export = request;
}
declare module 'undici/lib/dispatcher/dispatcher' {
  import { Dispatcher } from 'undici';
  export = Dispatcher;
}
declare module 'undici/lib/api/api-connect' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher.prototype.connect: opens a CONNECT tunnel through `this`. */
  function connect(this: Dispatcher, options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>;
  export = connect;
}
