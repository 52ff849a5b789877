/**
 * How many scans (SOS markers, FF DA) a JPEG holds. A baseline picture has one and a progressive
 * one about ten; a file of hundreds of tiny scans decodes for tens of seconds (each scan passes
 * over the whole picture). FF DA cannot occur inside coded data, where every FF byte is followed
 * by 00 or a restart marker, so counting the pair counts the scans (and those of an embedded
 * thumbnail, a few more).
 */
export function jpegScanCount(bytes: Uint8Array): number {
  let scans = 0;
  for (let i = bytes.indexOf(0xff); i !== -1 && i < bytes.length - 1; i = bytes.indexOf(0xff, i + 1))
    if (bytes[i + 1] === 0xda) scans++;
  return scans;
}
