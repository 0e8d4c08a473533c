// A memo's images resolved through the extension after the memo is shown, a slice at a time when
// the page is idle, in the memo's order: a memo of 20,000 `<img>` asked the host for every one
// while it was being shown (and kept the page busy for seconds; issue 38). Inline raster data
// shows at once. (An IntersectionObserver would ask only for images in view, but it never reports
// them inside VS Code's nested webview frames.)
// Until then an image shows a placeholder, never its alt text: the browser draws an image without
// a source by its alt text, in a box of its own, and lays many of them out slowly (20,000 took one
// task of 6–8 s, 5,000 half a second, 1,000 30 ms). An image not found shows its alt text, the
// first ALT_SHOWN of a memo; the rest keep the placeholder (their alt text stays their name for a
// screen reader).
import { IMAGE_MISSING_ATTR, IMAGE_PENDING_ATTR, IMAGE_SOURCE_ATTR, RASTER_DATA_URI } from '../sanitize';

/** However busy the page, a slice runs within this many ms. */
const IDLE_TIMEOUT_MS = 500;
/** A transparent pixel: what an image shows until it is resolved, or when it is not found past ALT_SHOWN. */
const PLACEHOLDER_SRC = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** Images not found in one memo that show their alt text. */
const ALT_SHOWN = 200;

/** Whether `img` shows what the extension resolved (not a placeholder, nor its alt text). */
const resolved = (img: HTMLImageElement): boolean => {
  const src = img.getAttribute('src');
  return src !== null && src !== PLACEHOLDER_SRC;
};

/**
 * Gives every image under `root` still to be resolved its placeholder (inline raster data shows at
 * once). Called on what is about to be shown, before the browser lays it out without a source.
 */
export function showPendingImages(root: ParentNode): void {
  for (const img of Array.from(root.querySelectorAll<HTMLImageElement>(`img[${IMAGE_SOURCE_ATTR}]:not([${IMAGE_MISSING_ATTR}])`))) {
    if (resolved(img)) continue;
    const src = img.getAttribute(IMAGE_SOURCE_ATTR) ?? '';
    if (RASTER_DATA_URI.test(src)) {
      img.removeAttribute(IMAGE_PENDING_ATTR);
      img.src = src;
    } else {
      img.setAttribute(IMAGE_PENDING_ATTR, '');
      img.src = PLACEHOLDER_SRC;
    }
  }
}

export class MemoImageLoader {
  private queue: HTMLImageElement[] = [];
  private next = 0;
  private scheduled = false;
  /** Images asked for once already (queued or answered), until the memo is replaced or asked for again. */
  private asked = new WeakSet<HTMLImageElement>();
  /** Images not found that show their alt text. */
  private altShown = 0;

  constructor(private readonly resolve: (src: string) => Promise<string | undefined>) {}

  /** Queues every image under `container` still to be resolved; `fresh`: the memo was replaced, its old images are dropped. */
  watch(container: Element, fresh: boolean): void {
    if (fresh) {
      this.queue = [];
      this.next = 0;
      this.asked = new WeakSet();
      this.altShown = 0;
    }
    // What is shown (the memo's slices, a paste) got its placeholders before it went in.
    for (const img of Array.from(container.querySelectorAll<HTMLImageElement>(`img[${IMAGE_PENDING_ATTR}]`))) {
      if (this.asked.has(img)) continue;
      this.asked.add(img);
      this.queue.push(img);
    }
    this.schedule();
  }

  /** Asks again for every image under `container` not found before (the defect's attachments changed). */
  retry(container: Element): void {
    for (const img of Array.from(container.querySelectorAll<HTMLImageElement>(`img[${IMAGE_MISSING_ATTR}]`))) {
      img.removeAttribute(IMAGE_MISSING_ATTR);
      this.asked.delete(img);
    }
    this.altShown = 0;
    showPendingImages(container);
    this.watch(container, false);
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
      if (img?.isConnected && img.hasAttribute(IMAGE_PENDING_ATTR)) this.load(img);
    } while (this.next < this.queue.length && deadline.timeRemaining() > 2);
    if (this.next >= this.queue.length) {
      this.queue = [];
      this.next = 0;
    }
    this.schedule();
  }

  /** Replaces an image's placeholder with a data: URI from the extension; a failure shows the alt text. */
  private load(img: HTMLImageElement): void {
    const src = img.getAttribute(IMAGE_SOURCE_ATTR) ?? '';
    img.setAttribute('aria-busy', 'true');
    void this.resolve(src).then(
      (uri) => {
        // Only an image data: URI from the host, never anything that would load from elsewhere.
        if (uri && RASTER_DATA_URI.test(uri)) {
          img.removeAttribute('aria-busy');
          img.removeAttribute(IMAGE_PENDING_ATTR);
          img.src = uri;
        } else this.notFound(img);
      },
      () => this.notFound(img),
    );
  }

  private notFound(img: HTMLImageElement): void {
    img.removeAttribute('aria-busy');
    img.removeAttribute(IMAGE_PENDING_ATTR);
    img.setAttribute(IMAGE_MISSING_ATTR, '');
    if (this.altShown >= ALT_SHOWN) return;
    this.altShown++;
    img.removeAttribute('src');
  }
}
