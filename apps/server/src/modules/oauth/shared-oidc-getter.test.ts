import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedOidcGetter, shareOidcGetter } from './shared-oidc-getter';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/** A real oidc-provider, its contexts registered, answering over HTTP; `seen` gets each context. */
async function engine(seen: (ctx: KoaContextWithOIDC) => void) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider('http://localhost', {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'k', alg: 'RS256', use: 'sig' }] },
    // /jwks and discovery read nothing stored: an adapter that stores nothing keeps the engine quiet.
    adapter: () => ({
      upsert: async () => {},
      find: async () => undefined,
      findByUserCode: async () => undefined,
      findByUid: async () => undefined,
      consume: async () => {},
      destroy: async () => {},
      revokeByGrantId: async () => {},
    }),
    features: { devInteractions: { enabled: false } },
  });
  shareOidcGetter(provider.context);
  provider.use(async (ctx, next) => {
    await next();
    seen(ctx as KoaContextWithOIDC);
  });
  const server = createServer(provider.callback());
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the engine contexts' shared oidc getter", () => {
  it("every request's context gets the one shared getter, and ctx.oidc is still its own", async () => {
    const contexts: KoaContextWithOIDC[] = [];
    const url = await engine((ctx) => contexts.push(ctx));
    const [jwks, discovery] = await Promise.all([
      fetch(`${url}/jwks`),
      fetch(`${url}/.well-known/openid-configuration`),
    ]);
    expect([jwks.status, discovery.status]).toEqual([200, 200]);
    expect(((await jwks.json()) as { keys: unknown[] }).keys).toHaveLength(1);
    expect(contexts).toHaveLength(2);
    // If the engine ever stops defining ctx.oidc this way, this says so (and the young
    // collections would keep requests again: docs/performance.md, round 12).
    for (const ctx of contexts)
      expect(Object.getOwnPropertyDescriptor(ctx, 'oidc')?.get).toBe(sharedOidcGetter);
    // Answered in either order; each context still has its own request's engine context.
    const a = contexts.find((ctx) => ctx.path === '/jwks');
    const b = contexts.find((ctx) => ctx.path !== '/jwks');
    if (!a || !b) throw new Error('both requests reach the engine');
    expect(a.oidc.route).toBe('jwks');
    expect(b.oidc.route).toBe('discovery');
    expect(a.oidc).toBe(a.oidc);
    expect(a.oidc).not.toBe(b.oidc);
    expect((a.oidc as unknown as { ctx: unknown }).ctx).toBe(a);
  });

  it('leaves every other definition as it came', () => {
    const registered = {};
    shareOidcGetter(registered);
    const getter = () => 1;
    // An object not made from a registered prototype.
    const plain = Object.defineProperty({}, 'oidc', { get: getter });
    expect(Object.getOwnPropertyDescriptor(plain, 'oidc')?.get).toBe(getter);
    // Another key, a value, a getter with a setter: as given.
    const other = Object.defineProperty(Object.create(registered), 'session', { get: getter });
    expect(Object.getOwnPropertyDescriptor(other, 'session')?.get).toBe(getter);
    const value = Object.defineProperty(Object.create(registered), 'oidc', { value: 2 });
    expect(value.oidc).toBe(2);
    const setter = () => {};
    const both = Object.defineProperty(Object.create(registered), 'oidc', { get: getter, set: setter });
    expect(Object.getOwnPropertyDescriptor(both, 'oidc')?.get).toBe(getter);
    // Bad calls fail as they always did.
    expect(() => Object.defineProperty(null, 'oidc', { get: getter })).toThrow(TypeError);
    expect(() =>
      Object.defineProperty(Object.freeze(Object.create(registered)), 'oidc', { get: getter }),
    ).toThrow(TypeError);
  });

  it('a registered context keeps its getter lazy, non-enumerable and not configurable, as defined', () => {
    const registered = {};
    shareOidcGetter(registered);
    const define = Object.defineProperty;
    shareOidcGetter({});
    expect(Object.defineProperty).toBe(define);
    let made = 0;
    const ctx = Object.create(registered) as { oidc: { n: number } };
    let memo: { n: number } | undefined;
    Object.defineProperty(ctx, 'oidc', {
      get: () => {
        made += 1;
        memo ||= { n: made };
        return memo;
      },
    });
    expect(made).toBe(0);
    expect(ctx.oidc.n).toBe(1);
    expect(ctx.oidc).toBe(ctx.oidc);
    expect(Object.keys(ctx)).toEqual([]);
    expect(() => Object.defineProperty(ctx, 'oidc', { get: () => 2 })).toThrow(TypeError);
  });
});
