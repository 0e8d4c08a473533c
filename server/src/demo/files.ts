// Contents of the demo attachments: a real PNG (drawn here, so no binary sits in the
// repository), text, JSON, CSV, a minimal PDF, binary bytes, and hostile SVG/HTML files.
import { deflateSync } from 'node:zlib';
import type { Random } from './random';

export interface DemoFile {
  name: string;
  contentType: string;
  content: Buffer;
  description: string;
  refSubtype?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 320×160 RGB "screenshot": grey window, blue title bar, rows of text bars, one red bar. */
export function screenshotPng(): Buffer {
  const width = 320;
  const height = 160;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let rgb = [236, 236, 236];
      if (y < 20) rgb = [32, 96, 192];
      else if (y >= 100 && y < 112 && x >= 20 && x < 200) rgb = [200, 32, 32];
      else if ((y - 30) % 16 < 6 && y < 140 && x >= 20 && x < 20 + ((y * 37) % 260)) rgb = [120, 120, 120];
      raw.set(rgb, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export function serverLog(rng: Random, lines: number): Buffer {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const level = rng.weighted([
      ['INFO', 8],
      ['WARN', 2],
      ['ERROR', 1],
    ] as const);
    out.push(
      `2026-01-05 10:${String(i % 60).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')},${rng.int(100, 999)} ${level} [worker-${rng.int(1, 8)}] request ${rng.int(1000, 9999)} ${level === 'ERROR' ? 'failed: NullPointerException' : 'completed'}`,
    );
  }
  return Buffer.from(`${out.join('\n')}\n`, 'utf8');
}

export function configJson(rng: Random): Buffer {
  const config = { server: 'app-01.example.com', port: 8443, locale: 'de-DE', features: { export: true, beta: rng.chance(0.5) }, retries: rng.int(1, 5) };
  return Buffer.from(JSON.stringify(config, null, 2), 'utf8');
}

export function resultsCsv(rng: Random): Buffer {
  const rows = ['test,status,duration_ms'];
  for (let i = 1; i <= 20; i++) rows.push(`"Checkout, step ${i}",${rng.chance(0.8) ? 'passed' : 'failed'},${rng.int(20, 4000)}`);
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8');
}

/** A one-page PDF that viewers open (cross-reference offsets computed, not guessed). */
export function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 40 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) pdf += `${String(off).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export function binaryDump(rng: Random, size: number): Buffer {
  const buf = Buffer.alloc(size);
  for (let i = 0; i < size; i++) buf[i] = rng.int(0, 255);
  return buf;
}

export const HOSTILE_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="window.__xss=1">\n' +
    '<script>window.__xss=1</script>\n<a href="javascript:window.__xss=1"><circle cx="50" cy="50" r="40" fill="red"/></a>\n</svg>\n',
  'utf8',
);

export const HOSTILE_HTML = Buffer.from(
  '<!doctype html>\n<html><head><title>report</title><script>window.__xss=1</script></head>\n' +
    '<body onload="window.__xss=1"><h1>Exported report</h1><img src=x onerror="window.__xss=1"></body></html>\n',
  'utf8',
);
