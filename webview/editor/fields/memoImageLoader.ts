// A memo's images resolved through the extension as they come near the view, not all at once: a
// memo of 20,000 `<img>` asked the host for each one when it was shown (and kept the page busy
// for seconds; issue 38). Inline raster data shows at once; anything else waits for the observer.
import { IMAGE_SOURCE_ATTR, RASTER_DATA_URI } from '../sanitize';

export class MemoImageLoader {
  private readonly near = new IntersectionObserver((entries) => this.seen(entries), { rootMargin: '100% 0px' });

  constructor(private readonly resolve: (src: string) => Promise<string | undefined>) {}

  /** Starts on every image under `container` with a pending source; `fresh`: the memo was replaced, forget its old images. */
  watch(container: Element, fresh: boolean): void {
    if (fresh) this.near.disconnect();
    for (const img of Array.from(container.querySelectorAll<HTMLImageElement>(`img[${IMAGE_SOURCE_ATTR}]:not([src])`))) {
      const src = img.getAttribute(IMAGE_SOURCE_ATTR) ?? '';
      if (RASTER_DATA_URI.test(src)) img.src = src;
      else this.near.observe(img);
    }
  }

  private seen(entries: readonly IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (!entry.isIntersecting || !(entry.target instanceof HTMLImageElement)) continue;
      this.near.unobserve(entry.target);
      this.load(entry.target);
    }
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
        else img.classList.add('missing');
      },
      () => img.classList.add('missing'),
    );
  }
}
