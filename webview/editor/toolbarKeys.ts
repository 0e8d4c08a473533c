// A toolbar (role="toolbar") as WAI-ARIA's toolbar pattern has it: one Tab stop, the button last
// moved to (the first at the start); Left and Right (Home, End) move between its buttons; Enter and
// Space press the focused one, as any button. A memo's formatting buttons are then one stop between
// the field before and the memo, not six, and a screen reader hears the toolbar's name on entering.

/** The keys that move, and where each moves from position `at` of `count` buttons. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Makes `toolbar`'s buttons (all appended already) one Tab stop moved through with the arrow keys. */
export function arrowKeysToolbar(toolbar: HTMLElement): void {
  const buttons = () => Array.from(toolbar.querySelectorAll('button'));
  const makeStop = (stop: HTMLButtonElement) => {
    for (const b of buttons()) b.tabIndex = b === stop ? 0 : -1;
  };
  const first = buttons()[0];
  if (first) makeStop(first);
  // Focus that comes by a click or by Shift+Tab stays where it lands, as the next Tab stop.
  toolbar.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLButtonElement) makeStop(e.target);
  });
  toolbar.addEventListener('keydown', (e) => {
    const move = MOVES[e.key];
    const all = buttons();
    const at = all.indexOf(e.target as HTMLButtonElement);
    if (!move || at < 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    all[move(at, all.length)]?.focus();
  });
}
