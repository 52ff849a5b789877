import { once } from 'node:events';
import { request } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

let server: TestServer | undefined;
afterAll(() => server?.close());

/** A login whose body arrives in two parts, so the request is in flight while we wait. */
function slowLogin(base: string, body: string) {
  const half = Math.floor(body.length / 2);
  const req = request(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string; at: number }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, at: performance.now() }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), response };
}

/** Resolves with the error code of a new TCP connection attempt (or 'connected'). */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe('graceful shutdown', () => {
  it('finishes the in-flight request, refuses new connections, then closes the database', async () => {
    server = await startTestServer();
    const user = await createUser(server);
    const port = Number(new URL(server.url).port);
    // In flight = the server has parsed the request's headers and is reading its body; before that
    // the connection is idle and stop() would rightly close it.
    const received = once(server.server, 'request');
    const login = slowLogin(server.url, JSON.stringify({ email: user.email, password: user.password }));
    await received;

    let done = false;
    const stopped = server.stop().then(() => {
      done = true;
      return performance.now();
    });
    expect(await tryConnect(port)).toBe('ECONNREFUSED');

    // The wait is the behaviour under test: with the listener closed, shutdown keeps waiting while
    // the request is in flight (without that wait it would finish in a few milliseconds).
    await delay(300);
    expect(done).toBe(false);
    login.finish();
    const answered = await login.response;
    // The request finished normally (it even wrote a session to the database) ...
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ user: { id: user.id } });
    // ... and the shutdown completed right after it, without waiting for the keep-alive timeout.
    const stoppedAt = await stopped;
    expect(Math.abs(stoppedAt - answered.at)).toBeLessThan(2_000);

    const { dbHandle } = server.deps;
    if (dbHandle.pool) expect(dbHandle.pool.ended).toBe(true);
    await expect(sql`select 1`.execute(dbHandle.db)).rejects.toThrow();
  });
});
