// The one line of news the editor shows above the form (saved, restored, reloaded, lost, failed).
// A newer notice replaces the older one; the user's next edit clears it. No `vscode` import.
import * as l10n from '@vscode/l10n';
import type { NoticeView } from '../../shared/editorProtocol';

export class Notices {
  private shown: NoticeView | undefined;

  get current(): NoticeView | undefined {
    return this.shown;
  }

  info(text: string): void {
    this.shown = { kind: 'info', text };
  }

  warning(text: string): void {
    this.shown = { kind: 'warning', text };
  }

  error(text: string): void {
    this.shown = { kind: 'error', text };
  }

  /** A warning with a Retry button that uploads the pasted images still missing. */
  imagesMissing(text: string): void {
    this.shown = { kind: 'warning', text, action: 'retryImages' };
  }

  /** An error with a Sign In button: the defect cannot be read until the user signs in. */
  signInNeeded(text: string): void {
    this.shown = { kind: 'error', text, action: 'signIn' };
  }

  clear(): void {
    this.shown = undefined;
  }

  /** The lock was lost (with the reason when known); the edits are kept either way. */
  lockLost(why?: string): void {
    this.warning(
      why
        ? l10n.t('The lock on this defect was lost ({0}). Your changes are kept; click Retry to edit again.', why)
        : l10n.t('The lock on this defect was lost. Your changes are kept; click Retry to edit again.'),
    );
  }
}
