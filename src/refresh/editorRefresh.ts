// The defect editors' periodic change check: every visible editor asks for its defect's ver-stamp
// only; the controller reloads (read mode only) when it moved and says who changed what.
import type { DefectController } from '../editor';
import type { RefreshCheck } from './scheduler';

export class EditorRefresh implements RefreshCheck {
  readonly name = 'editor';
  /** Reloads so far (diagnostics and tests). */
  reloads = 0;

  constructor(private readonly visibleControllers: () => readonly DefectController[]) {}

  async run(): Promise<void> {
    const checks = this.visibleControllers().map(async (c) => {
      if (await c.checkForChanges()) this.reloads++;
    });
    await Promise.all(checks);
  }
}
