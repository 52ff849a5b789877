import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, api, setAccessTokenProvider } from './api';

/** A real HTTP peer answering what each path names: our error shape, the OAuth one, a proxy's page. */
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/ours')
        return json(429, {
          error: { code: 'rate_limited', message: 'Slow down', fields: { email: 'x' }, retryAfterSeconds: 9 },
        });
      if (req.url === '/unknown-code') return json(400, { error: { code: 'made_up', message: 'Odd' } });
      if (req.url === '/validation')
        return json(400, {
          error: {
            code: 'validation_failed',
            message: 'Email is required',
            key: 'messages:emailRequired',
            fields: { email: 'Email is required', bio: 'About Me must be at most 500 characters' },
            fieldKeys: { email: 'emailRequired' },
          },
        });
      if (req.url === '/unkeyed')
        return json(400, {
          error: {
            code: 'validation_failed',
            message: 'Email is required',
            fields: { email: 'Email is required' },
          },
        });
      if (req.url === '/unauthenticated')
        return json(401, {
          error: {
            code: 'unauthenticated',
            message: 'User not authenticated',
            key: 'errors:unauthenticated',
          },
        });
      if (req.url === '/oauth-catalogue')
        return json(401, {
          error: 'login_required',
          error_description: 'You must be logged in to proceed',
          error_description_key: 'messages:mustBeLoggedInToProceed',
        });
      if (req.url === '/oauth') return json(400, { error: 'invalid_request', error_description: 'Gone' });
      if (req.url === '/oauth-bare') return json(403, { error: 'access_denied' });
      if (req.url === '/proxy') {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end('<h1>Bad Gateway</h1>');
      }
      if (req.url === '/echo') return json(200, { type: req.headers['content-type'], body });
      // Only the renewed token opens it; the session's old one is refused as the server refuses it.
      if (req.url === '/mine')
        return req.headers.authorization === 'Bearer renewed'
          ? json(200, { body })
          : json(401, { error: { code: 'unauthenticated', message: 'User not authenticated' } });
      if (req.url === '/wrong-password')
        return json(401, { error: { code: 'wrong_password', message: 'Wrong password' } });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = (path: string) =>
  api(`${base}${path}`, { auth: false }).then(
    () => expect.unreachable('the call should fail'),
    (err: unknown) => err as ApiError,
  );

describe('the API client', () => {
  it('reads our error shape: code, the server’s words, fields and the wait', async () => {
    const err = await failure('/ours');
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.description, err.fields, err.retryAfterSeconds]).toEqual([
      429,
      'rate_limited',
      'Slow down',
      { email: 'x' },
      9,
    ]);
    expect((await failure('/unknown-code')).code).toBe('internal');
  });

  it('reads the OAuth endpoints’ { error, error_description }', async () => {
    const err = await failure('/oauth');
    expect([err.status, err.code, err.description]).toEqual([400, 'internal', 'Gone']);
    expect((await failure('/oauth-bare')).description).toBeNull();
  });

  it('takes the catalogue entries the server names beside its English', async () => {
    const invalid = await failure('/validation');
    expect(invalid.descriptionKey).toBe('messages:emailRequired');
    // A field with a named message holds its key (as the shared schemas give it here), else the words.
    expect(invalid.fields).toEqual({
      email: 'emailRequired',
      bio: 'About Me must be at most 500 characters',
    });
    expect((await failure('/unauthenticated')).descriptionKey).toBe('errors:unauthenticated');
    expect((await failure('/oauth-catalogue')).descriptionKey).toBe('messages:mustBeLoggedInToProceed');
    expect((await failure('/oauth')).descriptionKey).toBeUndefined();
  });

  it('never looks English up: words the server named no entry for stay its words', async () => {
    const unkeyed = await failure('/unkeyed');
    expect(unkeyed.descriptionKey).toBeUndefined();
    expect(unkeyed.fields).toEqual({ email: 'Email is required' });
  });

  it('says nothing it did not hear: a proxy’s page, or no server at all', async () => {
    const proxy = await failure('/proxy');
    expect([proxy.status, proxy.description, proxy.message]).toEqual([
      502,
      null,
      'An unexpected error occurred',
    ]);
    const closed = await api('http://127.0.0.1:1/', { auth: false }).then(
      () => expect.unreachable('nothing listens there'),
      (err: unknown) => err as ApiError,
    );
    expect([closed.status, closed.code, closed.description]).toEqual([0, 'internal', null]);
  });

  it('sends JSON, or form-encoded fields as they are', async () => {
    const form = await api<{ type: string; body: string }>(`${base}/echo`, {
      body: new URLSearchParams({ xsrf: 'a b' }),
      auth: false,
    });
    expect(form.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form.body).toBe('xsrf=a+b');
    const json = await api<{ type: string; body: string }>(`${base}/echo`, { body: { a: 1 }, auth: false });
    expect(json).toEqual({ type: 'application/json', body: '{"a":1}' });
    expect(await api(`${base}/empty`, { auth: false })).toBeUndefined();
  });

  describe('with a session', () => {
    let renewals = 0;
    const renewTo = (token: string | null, owner = 'ada') =>
      setAccessTokenProvider(
        () => ({ token: 'old', owner: 'ada' }),
        async () => {
          renewals++;
          return token ? { token, owner } : null;
        },
      );
    afterAll(() => setAccessTokenProvider(() => null));

    it('renews a refused token once and sends the call again, body and all', async () => {
      renewals = 0;
      renewTo('renewed');
      expect(await api(`${base}/mine`, { body: { a: 1 } })).toEqual({ body: '{"a":1}' });
      expect(renewals).toBe(1);
    });

    it('gives up when the session is over: one renewal, then the refusal', async () => {
      renewals = 0;
      renewTo(null);
      const err = await api(`${base}/mine`).then(
        () => expect.unreachable('the session is over'),
        (e: unknown) => e as ApiError,
      );
      expect([err.status, err.code, renewals]).toEqual([401, 'unauthenticated', 1]);
    });

    it('never sends the call again as someone else (another account signed in meanwhile)', async () => {
      renewals = 0;
      renewTo('renewed', 'grace');
      const err = await api(`${base}/mine`, { body: { a: 1 } }).then(
        () => expect.unreachable('not sent as Grace'),
        (e: unknown) => e as ApiError,
      );
      expect([err.status, err.code, renewals]).toEqual([401, 'unauthenticated', 1]);
    });

    it('renews nothing for other refusals, or for calls made without the token', async () => {
      renewals = 0;
      renewTo('renewed');
      expect((await failure('/wrong-password')).code).toBe('wrong_password');
      const wrong = await api(`${base}/wrong-password`).catch((e: unknown) => e as ApiError);
      expect((wrong as ApiError).code).toBe('wrong_password');
      expect((await failure('/mine')).code).toBe('unauthenticated');
      expect(renewals).toBe(0);
    });
  });
});
