import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegScanCount } from './jpeg-scans';

const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } });

describe('jpegScanCount', () => {
  it('counts one scan in a baseline JPEG and a handful in a progressive one', async () => {
    expect(jpegScanCount(await picture().jpeg().toBuffer())).toBe(1);
    const progressive = jpegScanCount(await picture().jpeg({ progressive: true }).toBuffer());
    expect(progressive).toBeGreaterThan(1);
    expect(progressive).toBeLessThan(20);
  });

  it('counts every SOS marker, and nothing else that starts with FF', () => {
    const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];
    const stuffed = [0x12, 0xff, 0x00, 0xff, 0xd0, 0x34];
    const bytes = Uint8Array.from([
      0xff,
      0xd8,
      ...Array.from({ length: 300 }, () => [...sos, ...stuffed]).flat(),
      0xff,
      0xd9,
    ]);
    expect(jpegScanCount(bytes)).toBe(300);
    expect(jpegScanCount(Uint8Array.from([0xff]))).toBe(0);
  });
});
