/** Browser-storage flags of the landing page; storage can be unavailable (private mode). */
export function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function setFlag(key: string) {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    // Without storage the animation simply shows again next time.
  }
}
