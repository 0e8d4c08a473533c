// A request over node:http that keeps the header names exactly as the server wrote them
// (`rawHeaders`), which fetch and `headers` objects fold to lower case.
import { request as httpRequest } from 'node:http';

export interface RawResponse {
  status: number;
  /** Header names as written on the wire, in order (one per header line). */
  names: string[];
  /** Values of every header line whose name matches `name` case-insensitively. */
  values(name: string): string[];
  body: string;
}

export function rawRequest(url: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = res.rawHeaders;
        const names = raw.filter((_v, i) => i % 2 === 0);
        resolve({
          status: res.statusCode ?? 0,
          names,
          values: (name) => raw.filter((_v, i) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === name.toLowerCase()),
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
