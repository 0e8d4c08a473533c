// The one shape of a webview channel's receiving end, host and page alike: a map with one handler
// per message name. The map's type lists every name of the protocol, so a handler left out (a
// message added to the protocol and forgotten on one side) fails to compile; a `switch` would
// fall through silently. Types and one dispatch function only: imported by the host and the pages.

/** One handler per key of `Messages` (a name → payload map), each taking that key's payload. */
export type Handlers<Messages, R = void> = { [K in keyof Messages]-?: (payload: Messages[K]) => R };

/** A union discriminated by `type` as a name → message map: `Handlers<ByType<U>>` takes each message whole. */
export type ByType<U extends { type: string }> = { [T in U['type']]: Extract<U, { type: T }> };

/** Calls the handler of `key` with its payload. */
export function dispatch<Messages, K extends keyof Messages, R>(handlers: Handlers<Messages, R>, key: K, payload: Messages[K]): R {
  return handlers[key](payload);
}

/**
 * Calls the handler of a `type`-discriminated message. The cast is where TypeScript cannot follow
 * the correlation between a message's type and the handler taking it; the map's type keeps them together.
 */
export function dispatchByType<U extends { type: string }, R>(handlers: Handlers<ByType<U>, R>, message: U): R {
  return (handlers[message.type as U['type']] as (m: U) => R)(message);
}
