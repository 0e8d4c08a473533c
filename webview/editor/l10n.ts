// Loads the translations the host put on the page (`data-l10n` on <body>: VS Code's bundle for the
// display language) before any other module builds its strings. Without them the page is English.
import * as l10n from '@vscode/l10n';

const raw = document.body?.dataset.l10n;
if (raw) {
  try {
    l10n.config({ contents: JSON.parse(raw) as Record<string, string> });
  } catch {
    // A damaged bundle leaves the page in English rather than blank.
  }
}
