// Marks of the grid page's start-up and of a jump (bench:ui prints them as a breakdown of where
// the time went). Each name is marked once until the bench clears the marks (performance.clearMarks)
// before the step it times, so scrolling for an hour adds nothing to the page's timeline.

export type GridMark = 'script' | 'ready' | 'init' | 'painted' | 'scroll' | 'want' | 'rows';

export function markOnce(name: GridMark): void {
  const full = `alm-grid:${name}`;
  if (performance.getEntriesByName(full, 'mark').length === 0) performance.mark(full);
}
