// A minimal event emitter with VS Code's `Event` shape, for modules that must not import `vscode`
// (they are unit-tested in plain Node). A vscode.EventEmitter can listen to it unchanged.

interface Subscription {
  dispose(): void;
}

export type Listener<T> = (value: T) => unknown;
export type Event<T> = (listener: Listener<T>) => Subscription;

export class Emitter<T> {
  private listeners = new Set<Listener<T>>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    // A throwing listener must not starve the others.
    for (const l of [...this.listeners]) {
      try {
        l(value);
      } catch (e) {
        queueMicrotask(() => {
          throw e;
        });
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
