import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

// Real image bytes made on the spot for the brand asset tests: PNG written chunk by chunk with zlib,
// JPEG through a pure-JS encoder, a GIF header. `noise` fills the pixels with random bytes, which do
// not compress, so a file's size can be pushed past a limit while its pixel size stays allowed.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGB PNG of the given size: a flat colour, or random noise. */
export function pngImage(width: number, height: number, options: { noise?: boolean; rgb?: [number, number, number] } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const [r, g, b] = options.rgb ?? [200, 30, 60];
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    if (options.noise) {
      const noisy = randomBytes(1 + width * 3);
      noisy[0] = 0; // filter type None
      rows.push(noisy);
    } else rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG of the given size (a colour gradient). */
export function jpegImage(width: number, height: number, quality = 80): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([(x * 255) / width, (y * 255) / height, 128, 255], (y * width + x) * 4);
  return Buffer.from(jpeg.encode({ data, width, height }, quality).data);
}

/** A 1 × 1 GIF: a real image, in a format the brand asset rules do not take. */
export const GIF_IMAGE = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
