import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Test-only sample files for previews and media: real images, a real PDF, media headers. */

/** A PNG of `width` × `height`, opaque red, or half-transparent with `alpha`. */
export function pngImage(width: number, height: number, alpha = false): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 4,
      background: { r: 220, g: 30, b: 30, alpha: alpha ? 0.5 : 1 },
    },
  })
    .png()
    .toBuffer();
}

/**
 * A JPEG stored `width` × `height` whose EXIF orientation says "turn 90° clockwise" (6), as
 * phones write portrait photos: shown upright it is `height` × `width`.
 */
export function rotatedJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A one-page PDF (`width` × `height` points) with a filled red rectangle and a line of
 * Helvetica text (a standard font pdf.js must load from its own folder), written by hand with
 * a correct cross-reference table.
 */
export function onePagePdf(width = 200, height = 100): Buffer {
  const content = '1 0 0 rg 20 20 160 60 re f BT /F1 12 Tf 0 0 0 rg 25 45 Td (Geoportal) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's header: a well-formed PNG that claims `width` × `height` RGBA
 * pixels (100000 × 100000 = 40 GB decoded) but holds a few bytes.
 */
export function hugePngHeader(width = 100_000, height = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with a proper header whose pixel data is garbage: sniffed as PNG, undecodable. */
export function corruptPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(64, 0);
  ihdr.writeUInt32BE(64, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from('this is not deflate data at all'.repeat(8))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of an MP4 file (an `ftyp` box): enough for the sniffer to say video/mp4. */
export function mp4Bytes(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mp42isom', 'latin1'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(2048, 7)]);
}

/** A short WAV file (RIFF/WAVE header, 100 ms of silence): audio/wav. */
export function wavBytes(): Buffer {
  const samples = Buffer.alloc(800);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
