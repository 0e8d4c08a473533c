// The memo images the extension resolved for this page, by source: a source is asked for once
// however many images name it, a few at a time, and the page holds at most IMAGE_BUDGET characters
// of image data. Past it, new sources are not asked for and show as not found, and the page says
// so: a memo naming an 8 MB attachment by 20,000 different sources (`shot.png?1`, `?2`, …) would
// have had it sent, and kept, 20,000 times.
import { RASTER_DATA_URI } from './sanitize';

/** Sources asked of the extension at once. */
const IN_FLIGHT = 8;
/** Characters of image data (data: URIs) the page holds at most. */
export const IMAGE_BUDGET = 64 * 1024 * 1024;

export class ImageSources {
  private readonly answers = new Map<string, Promise<string | undefined>>();
  private readonly waiting: (() => void)[] = [];
  private inFlight = 0;
  /** Characters of image data held in the answers. */
  private held = 0;
  /** Bumped by clear(): an answer to a request from before is not counted. */
  private generation = 0;

  /** Whether a source was refused for the budget since the last clear(). */
  private refused = false;

  /**
   * `ask` is the extension's data: URI for a source, or undefined when it has none; `budgetReached`
   * is called when the first source is left unasked for the budget (once until clear()).
   */
  constructor(
    private readonly ask: (src: string) => Promise<string | undefined>,
    private readonly budgetReached: () => void,
  ) {}

  /** The data: URI for `src`: only an image data: URI, never anything that would load from elsewhere. */
  get(src: string): Promise<string | undefined> {
    let answer = this.answers.get(src);
    if (!answer) {
      answer = this.request(src);
      this.answers.set(src, answer);
    }
    return answer;
  }

  /** An image the page has the bytes of already (pasted, dropped). */
  put(src: string, dataUri: string): void {
    this.held += dataUri.length;
    this.answers.set(src, Promise.resolve(dataUri));
  }

  /** Forgets every answer (the defect's attachments changed: what failed may resolve now). */
  clear(): void {
    this.answers.clear();
    this.held = 0;
    this.generation++;
    this.refused = false;
  }

  private async request(src: string): Promise<string | undefined> {
    const generation = this.generation;
    await this.slot();
    try {
      if (this.held >= IMAGE_BUDGET) {
        if (!this.refused) this.budgetReached();
        this.refused = true;
        return undefined;
      }
      const uri = await this.ask(src);
      if (!uri || !RASTER_DATA_URI.test(uri)) return undefined;
      if (generation === this.generation) this.held += uri.length;
      return uri;
    } catch {
      return undefined;
    } finally {
      this.release();
    }
  }

  /** One of the IN_FLIGHT places to ask from, once one is free. */
  private slot(): Promise<void> {
    if (this.inFlight < IN_FLIGHT) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A request is done: its place goes to the next one waiting. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}
