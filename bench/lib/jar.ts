/** A small cookie jar that honours each cookie's Path, like a browser (no domain handling: one host). */
export class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  constructor(readonly base: string) {}

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = value === '' || attrs.some((a) => /^expires=thu, 01 jan 1970/i.test(a));
      if (expired) this.cookies.delete(`${name}@${path}`);
      else this.cookies.set(`${name}@${path}`, { name, value, path });
    }
  }

  header(pathname: string): string {
    return [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.base);
    const headers = new Headers(init.headers);
    const cookie = this.header(url.pathname);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return res;
  }

  /** Follows same-origin redirects from `start`; returns the first URL that leaves the origin. */
  async followToClient(start: string): Promise<URL> {
    let next = start;
    for (let i = 0; i < 6; i++) {
      const res = await this.fetch(next);
      const location = res.headers.get('location');
      if (!location) throw new Error(`no redirect from ${next}: ${res.status} ${await res.text()}`);
      const url = new URL(location, this.base);
      if (url.origin !== new URL(this.base).origin) return url;
      next = url.pathname + url.search;
    }
    throw new Error(`too many redirects from ${start}`);
  }
}
