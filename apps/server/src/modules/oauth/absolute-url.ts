/** A relative storage URL becomes absolute for relying parties. */
export function absoluteUrl(publicUrl: string, url: string | null): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}
