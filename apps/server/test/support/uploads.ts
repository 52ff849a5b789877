import { request } from 'node:http';
import type { TestServer } from './test-server';
import type { TestUser } from './users';

/**
 * Sends an upload's headers and its first kilobyte of a 5 MB body, never the rest: the answer the
 * server gives without reading the body (status and error code), and the request is then dropped.
 */
export function answerBeforeBody(
  server: TestServer,
  user: TestUser,
  path: string,
): Promise<{ status: number; code: string }> {
  const boundary = 'omnia-test-boundary';
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        ...user.authHeader,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(5 * 1024 * 1024),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          code: (JSON.parse(text) as { error: { code: string } }).error.code,
        });
      });
    });
    req.on('error', reject);
    req.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n${'x'.repeat(1024)}`,
    );
  });
}
