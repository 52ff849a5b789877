import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { deviceExample } from './device';
import { javascriptExample } from './javascript';
import { nativeExample } from './native';
import { nodeExample } from './node';
import { pythonExample } from './python';
import { apiExample, serviceExample } from './service';
import { spaExample } from './spa';

const dir = mkdtempSync(join(tmpdir(), 'omnia-docs-'));
const config = { origin: 'https://id.example.com/', clientId: "client'with\\quote", clientSecret: 's3cret' };

/** Node accepts the code as a module (syntax only: nothing runs). */
function expectNodeParses(name: string, code: string) {
  const file = join(dir, name);
  writeFileSync(file, code);
  const result = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
}

function hasPython() {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('documentation examples', () => {
  it('use the deployment origin and every documented endpoint', () => {
    for (const code of [nodeExample(config), pythonExample(config), javascriptExample(config)]) {
      expect(code).toContain('https://id.example.com');
      expect(code).not.toContain("https://id.example.com/'");
      for (const path of ['/oauth2/authorize', '/oauth2/token', '/oauth2/userinfo', '/oauth2/revoke']) {
        expect(code).toContain(path);
      }
      expect(code).toContain('S256');
      expect(code).toContain('refresh_token');
    }
  });

  it('Node.js and JavaScript parse', () => {
    expectNodeParses('node.mjs', nodeExample(config));
    expectNodeParses('js.mjs', javascriptExample(config));
  });

  it.skipIf(!hasPython())('Python compiles', () => {
    const file = join(dir, 'example.py');
    writeFileSync(file, pythonExample(config));
    const result = spawnSync('python3', ['-m', 'py_compile', file], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('JavaScript builds an authorize URL with PKCE S256 and state', async () => {
    const file = join(dir, 'oauth.mjs');
    writeFileSync(file, javascriptExample(config));
    const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      createAuthorizationRequest(): Promise<{ url: string; state: string; codeVerifier: string }>;
    };
    const { url, state, codeVerifier } = await mod.createAuthorizationRequest();
    const params = new URL(url).searchParams;
    expect(url.startsWith('https://id.example.com/oauth2/authorize?')).toBe(true);
    expect(params.get('client_id')).toBe(config.clientId);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('state')).toBe(state);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toBe(createHash('sha256').update(codeVerifier).digest('base64url'));
  });

  it('the single-page, command-line and device examples are public clients of this deployment, and parse', async () => {
    const spa = spaExample(config);
    const native = nativeExample(config);
    const device = deviceExample(config);
    for (const code of [spa, native, device]) {
      expect(code).toContain("'https://id.example.com'");
      expect(code).toContain("'client\\'with\\\\quote'");
      expect(code).not.toContain('client_secret');
      expect(code).not.toContain('s3cret');
    }
    expect(spa).toContain('revokeTokensOnSignout: true');
    expect(native).toContain('client.None()');
    expect(native).toContain("listen(0, '127.0.0.1'");
    await expect(transform(spa, { loader: 'jsx' })).resolves.toBeTruthy();
    expect(device).toContain('pollDeviceAuthorizationGrant');
    expectNodeParses('cli.mjs', native);
    expectNodeParses('device.mjs', device);
  });

  it('the service keeps its secret out of the code, asks for one API, and the API checks its tokens with jose', () => {
    const service = serviceExample(config);
    const api = apiExample(config);
    expect(service).toContain("'client\\'with\\\\quote'");
    expect(service).not.toContain('s3cret');
    expect(service).toContain('process.env.OMNIA_CLIENT_SECRET');
    expect(service).toContain('clientCredentialsGrant');
    expect(service).toContain('resource: api');
    expect(api).toContain("const issuer = 'https://id.example.com'");
    expect(api).toContain("typ: 'at+jwt'");
    expectNodeParses('service.mjs', service);
    expectNodeParses('api.mjs', api);
  });
});
