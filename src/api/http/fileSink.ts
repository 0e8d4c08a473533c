// Diverts the body of a successful, unencoded response from undici's body stream into a
// FileWriter, chunk by chunk, as undici parses it: no stream hop, no chunk kept after its
// callback (which is what lets the receive socket reuse its read buffer). The response undici's
// request() returns then has an empty body that ends once every byte is on disk, or errors with
// the reason it is not. Other responses (errors, 401s, encoded bodies) pass through untouched.
import type { Dispatcher } from 'undici';
import { announcedSize, isUnencoded } from './decode';
import { FileWriter } from './fileWriter';
import type { WritableFile } from './fileWriter';
import type { ReceiveControl } from './receiveSocket';

type Controller = Dispatcher.DispatchController;
type Handler = Dispatcher.DispatchHandler;

export interface FileSinkOptions {
  /** Bytes received so far, of the announced total when there is one. */
  onProgress?: (bytes: number, total: number | undefined) => void;
  /** From the download's own connection: told while a body is being sunk. */
  control?: ReceiveControl;
  /** Writer tuning (tests). */
  bufferSize?: number;
  buffers?: number;
}

export class FileSink {
  /** True once a body went to the file (at most one per sink). */
  taken = false;
  private writer: FileWriter | undefined;
  private controller: Controller | undefined;
  private bytes = 0;
  private total: number | undefined;

  constructor(
    private readonly file: WritableFile,
    private readonly options: FileSinkOptions = {},
  ) {}

  get bytesReceived(): number {
    return this.bytes;
  }

  /** The writer's failure (a local file problem), if any. */
  get error(): Error | undefined {
    return this.writer?.error;
  }

  /** The interceptor that routes a request's response through this sink. */
  interceptor(): Dispatcher.DispatcherComposeInterceptor {
    return (dispatch) => (opts, handler) => dispatch(opts, this.handlerFor(handler));
  }

  private handlerFor(inner: Handler): Handler {
    let sinking = false;
    return {
      onRequestStart: (c, context: unknown) => inner.onRequestStart?.(c, context),
      onRequestUpgrade: (c, status, headers, socket) => inner.onRequestUpgrade?.(c, status, headers, socket),
      onResponseStart: (c, status, headers, message) => {
        sinking = status >= 200 && status < 300 && !this.taken && isUnencoded(headers);
        if (sinking) this.begin(c, announcedSize(headers));
        inner.onResponseStart?.(c, status, headers, message);
      },
      onResponseData: (c, chunk) => {
        if (sinking) this.data(chunk);
        else inner.onResponseData?.(c, chunk);
      },
      onResponseEnd: (c, trailers) => {
        if (!sinking) return inner.onResponseEnd?.(c, trailers);
        this.stopSinking();
        this.writer?.finish().then(
          () => inner.onResponseEnd?.(c, trailers),
          (e: Error) => inner.onResponseError?.(c, e),
        );
      },
      onResponseError: (c, e) => {
        if (sinking) {
          this.stopSinking();
          // The file is removed by the caller; it waits for the body's error, so let writes settle first.
          void this.writer?.abort().then(() => inner.onResponseError?.(c, this.writer?.error ?? e));
          return;
        }
        inner.onResponseError?.(c, e);
      },
    };
  }

  /** Drops what is not written yet and waits for writes in flight (before the file is closed). */
  async close(): Promise<void> {
    await this.writer?.abort();
  }

  private begin(controller: Controller, total: number | undefined): void {
    this.taken = true;
    this.total = total;
    this.controller = controller;
    this.writer = new FileWriter(this.file, {
      bufferSize: this.options.bufferSize,
      buffers: this.options.buffers,
      // A local write failed (disk full…): stop receiving; the request ends with that error.
      onError: (e) => controller.abort(e),
    });
    if (this.options.control) this.options.control.sinking = true;
  }

  private data(chunk: Buffer): void {
    const writer = this.writer;
    // undici may hand over an empty piece after a pause (seen under load): no bytes, no progress report.
    if (!writer || chunk.length === 0) return;
    this.bytes += chunk.length;
    if (!writer.write(chunk)) {
      // A slow disk: undici stops reading (and its body timeout waits) until a buffer is free.
      const controller = this.controller;
      controller?.pause();
      void writer.room().then(() => controller?.resume());
    }
    this.options.onProgress?.(this.bytes, this.total);
  }

  private stopSinking(): void {
    if (this.options.control) this.options.control.sinking = false;
  }
}
