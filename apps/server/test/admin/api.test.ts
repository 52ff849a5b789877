import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiErrorBody } from '@omnia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyMatches, ensureAdminKey } from '../../src/modules/admin/admin-key';
import type { AdminClient } from '../../src/modules/admin/service';
import { startTestServer, type TestServer } from '../support/test-server';
import { adminKeyOf, clientRow, listedVersion, seedClient } from './helpers';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = adminKeyOf(server);
});
afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, authorization?: string) =>
  server.fetch(`/api/admin${path}`, { method, headers: authorization ? { authorization } : {} });

describe('admin key', () => {
  it('is created at start in DATA_DIR/admin.key: 32 random bytes base64url, mode 0600, then reused', () => {
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(server.config.dataDir, 'admin.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureAdminKey(server.config.dataDir)).toBe(key);
  });

  it('compares whole keys', () => {
    expect(adminKeyMatches(key, key)).toBe(true);
    expect(adminKeyMatches(key, `${key}x`)).toBe(false);
    expect(adminKeyMatches(key, key.slice(0, -1))).toBe(false);
    expect(adminKeyMatches(key, '')).toBe(false);
    expect(adminKeyMatches(key, undefined)).toBe(false);
  });
});

describe('/api/admin without the key', () => {
  it('answers exactly like an unknown API path and changes nothing', async () => {
    const seeded = await seedClient(server);
    const before = await clientRow(server, seeded.clientId);
    const unknownPath = await server.fetch('/api/no-such-endpoint');
    expect(unknownPath.status).toBe(404);
    const expected = (await unknownPath.json()) as ApiErrorBody;
    expect(expected.error.code).toBe('not_found');

    const attempts: [string, string, string | undefined][] = [
      ['GET', '/clients', undefined],
      ['GET', '/clients', 'Bearer wrong'],
      ['GET', '/clients', `Bearer ${key}x`],
      ['GET', '/clients', `Basic ${key}`],
      ['GET', '/clients', key],
      ['POST', `/clients/${seeded.clientId}/approve`, undefined],
      ['POST', `/clients/${seeded.clientId}/approve`, `Bearer ${key.slice(1)}`],
      ['POST', `/clients/${seeded.clientId}/reject`, 'Bearer '],
      ['GET', '/unknown', undefined],
    ];
    for (const [method, path, auth] of attempts) {
      const res = await call(method, path, auth);
      expect(res.status, `${method} ${path} ${auth}`).toBe(404);
      expect(await res.json()).toEqual(expected);
    }
    expect(await clientRow(server, seeded.clientId)).toEqual(before);
  });
});

describe('/api/admin through a proxy', () => {
  it('answers a request a proxy forwarded, the right key included, like an unknown path: only this machine asks', async () => {
    const seeded = await seedClient(server);
    const before = await clientRow(server, seeded.clientId);
    for (const forwarded of [
      { 'x-forwarded-for': '198.51.100.7' },
      { forwarded: 'for=198.51.100.7' },
      { 'x-real-ip': '198.51.100.7' },
      { via: '1.1 proxy.example' },
      { 'x-forwarded-host': 'omnia.example' },
      { 'cf-connecting-ip': '198.51.100.7' },
      { 'true-client-ip': '198.51.100.7' },
      { 'x-client-ip': '198.51.100.7' },
    ]) {
      for (const [method, path] of [
        ['GET', '/clients'],
        [
          'POST',
          `/clients/${seeded.clientId}/approve?version=${await listedVersion(server, seeded.clientId)}`,
        ],
        ['POST', '/keys/rotate'],
      ] as const) {
        const res = await server.fetch(`/api/admin${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, ...forwarded },
        });
        expect(res.status, `${method} ${path} ${JSON.stringify(forwarded)}`).toBe(404);
      }
    }
    expect(await clientRow(server, seeded.clientId)).toEqual(before);
    expect((await call('GET', '/clients', `Bearer ${key}`)).status).toBe(200);
  });
});

describe('/api/admin with the key', () => {
  const bearer = () => `Bearer ${key}`;

  it('lists every owner’s clients newest first, with the owner’s e-mail and no secret', async () => {
    const older = await seedClient(server, { name: 'Older', createdAt: new Date('2020-01-01T00:00:00Z') });
    const newer = await seedClient(server, { name: 'Newer', createdAt: new Date('2030-01-01T00:00:00Z') });
    const res = await call('GET', '/clients', bearer());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { clients } = (await res.json()) as { clients: AdminClient[] };
    expect(Object.keys(clients[0]!).sort()).toEqual(
      ['client_id', 'created_at', 'name', 'owner_email', 'pending_change', 'review', 'status'].sort(),
    );
    const ids = clients.map((c) => c.client_id);
    expect(ids[0]).toBe(newer.clientId);
    expect(ids.at(-1)).toBe(older.clientId);
    const dates = clients.map((c) => c.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(clients.at(-1)).toEqual({
      client_id: older.clientId,
      name: 'Older',
      status: 'pending',
      owner_email: older.ownerEmail,
      created_at: '2020-01-01T00:00:00.000Z',
      pending_change: null,
      // Not approved: what approving it would approve, and the version an approval names.
      review: {
        version: expect.stringMatching(/^[0-9a-f]{64}$/),
        description: null,
        publisher: null,
        published_as: null,
        logo_url: null,
        redirect_uris: ['https://app.example/callback'],
        post_logout_redirect_uris: [],
        links: expect.objectContaining({ homepage_url: expect.any(String) }),
      },
    });
  });

  it('approves and rejects by client_id, setting status and updated_at', async () => {
    const seeded = await seedClient(server, { createdAt: new Date('2021-06-01T00:00:00Z') });
    const listed = await listedVersion(server, seeded.clientId);
    expect(listed).toMatch(/^[0-9a-f]{64}$/);
    const approve = await call('POST', `/clients/${seeded.clientId}/approve?version=${listed}`, bearer());
    expect(approve.status).toBe(200);
    const approved = ((await approve.json()) as { client: AdminClient }).client;
    expect(approved).toMatchObject({ client_id: seeded.clientId, name: seeded.name, status: 'approved' });
    expect(approved.owner_email).toBe(seeded.ownerEmail);
    const afterApprove = await clientRow(server, seeded.clientId);
    expect(afterApprove.status).toBe('approved');
    expect(new Date(afterApprove.updated_at).getTime()).toBeGreaterThan(Date.parse('2021-06-01T00:00:00Z'));

    const reject = await call('POST', `/clients/${seeded.clientId}/reject`, bearer());
    expect(reject.status).toBe(200);
    expect(((await reject.json()) as { client: AdminClient }).client.status).toBe('rejected');
    expect((await clientRow(server, seeded.clientId)).status).toBe('rejected');
  });

  it('approves an app only with its homepage, privacy policy and terms', async () => {
    const bare = await seedClient(server, { links: false });
    const refused = await call(
      'POST',
      `/clients/${bare.clientId}/approve?version=${await listedVersion(server, bare.clientId)}`,
      bearer(),
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ApiErrorBody).error.code).toBe('client_links_missing');
    expect((await clientRow(server, bare.clientId)).status).toBe('pending');
    // Rejecting needs nothing.
    expect((await call('POST', `/clients/${bare.clientId}/reject`, bearer())).status).toBe(200);
  });

  it('approves the app as it was listed, never as its owner changed it since', async () => {
    const seeded = await seedClient(server, { name: 'Harmless Notes' });
    const seen = await listedVersion(server, seeded.clientId);
    // Between the list and the approval, its owner renames it and points it elsewhere.
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ name: 'Google Account Security', redirect_uris: ['https://harvest.attacker.example/cb'] })
      .where('client_id', '=', seeded.clientId)
      .execute();
    for (const version of [seen, '', 'nope']) {
      const refused = await call('POST', `/clients/${seeded.clientId}/approve?version=${version}`, bearer());
      expect(refused.status, version).toBe(409);
      expect(((await refused.json()) as ApiErrorBody).error.code).toBe('client_changed');
    }
    expect((await clientRow(server, seeded.clientId)).status).toBe('pending');
    // Listed again, it is approved as it now is.
    const again = await listedVersion(server, seeded.clientId);
    expect(again).not.toBe(seen);
    expect(
      (await call('POST', `/clients/${seeded.clientId}/approve?version=${again}`, bearer())).status,
    ).toBe(200);
  });

  it('answers 404 for an unknown client and for a GET on a decision', async () => {
    for (const id of ['omnia_doesnotexist', encodeURIComponent('x'.repeat(300))]) {
      const res = await call('POST', `/clients/${id}/approve`, bearer());
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).error.code).toBe('not_found');
    }
    const seeded = await seedClient(server);
    expect((await call('GET', `/clients/${seeded.clientId}/approve`, bearer())).status).toBe(404);
    expect((await clientRow(server, seeded.clientId)).status).toBe('pending');
  });
});
