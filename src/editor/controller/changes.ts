// What the controller tells its page adapter: which part of the page's data changed ('init' the
// form's fields and key, 'values' the defect and the edits, 'status' lock, problems and notices).
// Closing stops every notification for good (the panel is gone).

export type ControllerChange = 'init' | 'values' | 'status';

export class ControllerChanges {
  private readonly listeners = new Set<(change: ControllerChange) => void>();
  private isClosed = false;

  /** Whether the controller was disposed: no more changes go out, running work stops where it can. */
  get closed(): boolean {
    return this.isClosed;
  }

  on(listener: (change: ControllerChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  emit(...changes: ControllerChange[]): void {
    if (this.isClosed) return;
    for (const change of changes) for (const l of [...this.listeners]) l(change);
  }

  close(): void {
    this.isClosed = true;
    this.listeners.clear();
  }
}
