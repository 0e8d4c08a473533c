// Reads a file for an upload body through a small ring of reused buffers.
//
// Why not fs.createReadStream: it allocates a fresh buffer for every read, so a 200 MB upload
// touches 200 MB of new memory. The page faults on that memory cost more CPU than the transfer
// itself (bench/client: 0.6× curl), and the freed buffers linger in the allocator until a GC,
// raising the process's RSS by ~30 MB. Reusing three buffers makes the upload faster than curl
// with a flat RSS.
import { open } from 'node:fs/promises';

const FILE_CHUNK = 1 << 20;
const RING = 3;

/**
 * Yields the file's bytes in chunks of up to `chunkSize`. A yielded chunk stays valid until the
 * consumer has asked for two more; the consumer must be a pull consumer that is done with a
 * chunk before it asks for the one after next. undici's writer for iterable bodies is one: it
 * asks for the next chunk only after the socket has taken the previous one (a chunk larger than
 * the socket's 16 KB high-water mark always waits for 'drain'), so one spare buffer is margin.
 * The file is opened on the first request and closed when the iteration ends or is returned.
 */
export async function* readFileChunks(path: string, chunkSize = FILE_CHUNK): AsyncGenerator<Buffer, void, undefined> {
  const handle = await open(path, 'r');
  try {
    const ring = Array.from({ length: RING }, () => Buffer.allocUnsafeSlow(chunkSize));
    for (let i = 0; ; i++) {
      const buffer = ring[i % RING] as Buffer;
      const { bytesRead } = await handle.read(buffer, 0, chunkSize, null);
      if (bytesRead === 0) return;
      yield bytesRead === chunkSize ? buffer : buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
