// A memo's images resolved through the extension after the memo is shown, a slice at a time when
// the page is idle, in the memo's order: a memo of 20,000 `<img>` asked the host for every one
// while it was being shown (and kept the page busy for seconds; issue 38). Inline raster data
// shows at once. (An IntersectionObserver would ask only for images in view, but it never reports
// them inside VS Code's nested webview frames.)
import { IMAGE_MISSING_ATTR, IMAGE_SOURCE_ATTR, RASTER_DATA_URI } from '../sanitize';

/** However busy the page, a slice runs within this many ms. */
const IDLE_TIMEOUT_MS = 500;

export class MemoImageLoader {
  private queue: HTMLImageElement[] = [];
  private next = 0;
  private scheduled = false;

  constructor(private readonly resolve: (src: string) => Promise<string | undefined>) {}

  /** Queues every image under `container` with a pending source; `fresh`: the memo was replaced, its old images are dropped. */
  watch(container: Element, fresh: boolean): void {
    if (fresh) {
      this.queue = [];
      this.next = 0;
    }
    for (const img of Array.from(container.querySelectorAll<HTMLImageElement>(`img[${IMAGE_SOURCE_ATTR}]:not([src])`))) {
      const src = img.getAttribute(IMAGE_SOURCE_ATTR) ?? '';
      if (RASTER_DATA_URI.test(src)) img.src = src;
      else this.queue.push(img);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.next >= this.queue.length) return;
    this.scheduled = true;
    requestIdleCallback((deadline) => this.work(deadline), { timeout: IDLE_TIMEOUT_MS });
  }

  private work(deadline: IdleDeadline): void {
    this.scheduled = false;
    do {
      const img = this.queue[this.next++];
      // An image no longer shown (the memo was edited) or resolved meanwhile is skipped.
      if (img?.isConnected && !img.hasAttribute('src')) this.load(img);
    } while (this.next < this.queue.length && deadline.timeRemaining() > 2);
    if (this.next >= this.queue.length) {
      this.queue = [];
      this.next = 0;
    }
    this.schedule();
  }

  /** Replaces an image's pending source with a data: URI from the extension; a failure shows the alt text. */
  private load(img: HTMLImageElement): void {
    const src = img.getAttribute(IMAGE_SOURCE_ATTR) ?? '';
    img.setAttribute('aria-busy', 'true');
    void this.resolve(src).then(
      (uri) => {
        img.removeAttribute('aria-busy');
        // Only an image data: URI from the host, never anything that would load from elsewhere.
        if (uri && RASTER_DATA_URI.test(uri)) img.src = uri;
        else img.setAttribute(IMAGE_MISSING_ATTR, '');
      },
      () => img.setAttribute(IMAGE_MISSING_ATTR, ''),
    );
  }
}
