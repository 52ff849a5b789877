import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ENGINE_CHECKED_VERSION,
  ENGINE_CONSUMES_BEFORE_ISSUING,
  ENGINE_DEVICE_ROUTES,
  ENGINE_END_SESSION_CONFIRM,
  ENGINE_GRANT_ERROR_DETAILS,
  ENGINE_INTERACTION_RESULT,
  ENGINE_PKCE_REQUIRED,
  ENGINE_PUSHED_REQUEST,
  ENGINE_REFRESH_ROTATION,
  ENGINE_RESUME_ROUTE,
  ENGINE_SESSION_COOKIES,
  ENGINE_SIGNS_BY_KEY_OPS,
  ENGINE_SINGLE_USE_ERRORS,
  pushedWithoutPromptNone,
} from './oidc-engine-seam';

// The engine's own files, as installed: a change to anything Omnia relies on fails here first.
const engineDir = dirname(createRequire(import.meta.url).resolve('oidc-provider/package.json'));
const source = (file: string) => readFileSync(join(engineDir, file), 'utf8');

describe('what Omnia relies on in oidc-provider (oidc-engine-seam.ts)', () => {
  it('was checked against the installed version', () => {
    expect(JSON.parse(source('package.json')).version).toBe(ENGINE_CHECKED_VERSION);
  });

  it("still names its session cookie '_session', signed, and no other session cookie", () => {
    expect(source('lib/helpers/defaults.js')).toMatch(/session:\s*'_session'/);
    const session = source('lib/shared/session.js');
    expect(session).toContain("provider.cookieName('session')");
    expect(session.match(/cookieName\(/g)).toHaveLength(1);
    expect(ENGINE_SESSION_COOKIES).toEqual(['_session', '_session.sig']);
  });

  it('still routes a device resume by uid under the verification page, and posts a linked code at once', () => {
    expect(source(ENGINE_DEVICE_ROUTES.resume.file)).toContain(ENGINE_DEVICE_ROUTES.resume.text);
    const verification = source(ENGINE_DEVICE_ROUTES.autoPost.file);
    for (const line of ENGINE_DEVICE_ROUTES.autoPost.text) expect(verification).toContain(line);
  });

  it('still takes the sign-out confirmation at <end_session>/confirm', () => {
    expect(source(ENGINE_END_SESSION_CONFIRM.file)).toContain(ENGINE_END_SESSION_CONFIRM.text);
    expect(source('lib/actions/end_session.js')).toContain("ctx.oidc.urlFor('end_session_confirm')");
  });

  it('still answers a code or refresh token presented again in these words', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the engine's source text, matched as written.
    expect(source('lib/helpers/grant_source.js')).toContain('`${label} already consumed`');
    expect(source('lib/actions/grants/authorization_code.js')).toContain("'authorization code'");
    expect(ENGINE_SINGLE_USE_ERRORS.AuthorizationCode).toBe('authorization code already consumed');
    expect(source('lib/actions/grants/device_code.js')).toContain(
      "consumeGrantSource(ctx, code, 'device code')",
    );
    expect(ENGINE_SINGLE_USE_ERRORS.DeviceCode).toBe('device code already consumed');
    expect(source('lib/actions/grants/refresh_token.js')).toContain(
      `'${ENGINE_SINGLE_USE_ERRORS.RefreshToken}'`,
    );
  });

  it('still consumes before it saves what it issues', () => {
    for (const { file, before } of ENGINE_CONSUMES_BEFORE_ISSUING) {
      const text = source(file);
      expect(text).toContain(before);
      if (file.endsWith('refresh_token.js'))
        expect(text.indexOf(before)).toBeLessThan(text.indexOf('await at.save()'));
    }
    const exchange = source('lib/actions/grants/authorization_code.js');
    expect(exchange.indexOf('consumeGrantSource(')).toBeGreaterThan(0);
    expect(exchange.indexOf('consumeGrantSource(')).toBeLessThan(exchange.indexOf('await issueTokens('));
  });

  it('still checks a refresh token for reuse before it asks whether to rotate', () => {
    const text = source(ENGINE_REFRESH_ROTATION.file);
    const at = ENGINE_REFRESH_ROTATION.steps.map((step) => text.indexOf(step));
    for (const index of at) expect(index).toBeGreaterThan(0);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain(ENGINE_REFRESH_ROTATION.answer);
    expect(text).toContain('let refreshTokenValue = ctx.oidc.params.refresh_token');
  });

  it('still words a missing PKCE the same way', () => {
    expect(source(ENGINE_PKCE_REQUIRED.file)).toContain(`'${ENGINE_PKCE_REQUIRED.text}'`);
  });

  it('still picks a signing key by its key_ops', () => {
    const text = source(ENGINE_SIGNS_BY_KEY_OPS.file);
    expect(text).toContain(ENGINE_SIGNS_BY_KEY_OPS.text);
    expect(text).toContain("return this[selectForDSA](options, 'sign');");
  });

  it('still resumes an interaction at the authorization endpoint', () => {
    expect(source(ENGINE_RESUME_ROUTE.file)).toContain(ENGINE_RESUME_ROUTE.text);
  });

  it('still gives an interaction its result by setting it and saving it until it expires', () => {
    const text = source(ENGINE_INTERACTION_RESULT.file);
    for (const line of ENGINE_INTERACTION_RESULT.text) expect(text).toContain(line);
  });

  it('still gives these details to the grants it refuses', () => {
    const engine = [
      'lib/helpers/pkce.js',
      'lib/helpers/grant_source.js',
      'lib/actions/grants/authorization_code.js',
      'lib/actions/grants/refresh_token.js',
      'lib/helpers/errors.js',
      'lib/helpers/sender_constraints.js',
      'lib/helpers/validate_dpop.js',
    ]
      .map(source)
      .join('\n');
    const { codeExpired, codeConsumed, codeNotFound, ...literal } = ENGINE_GRANT_ERROR_DETAILS;
    for (const detail of Object.values(literal)) expect(engine).toContain(detail);
    // The code's label goes into the engine's templates.
    expect(engine).toContain("'authorization code'");
    for (const detail of [codeExpired, codeConsumed, codeNotFound])
      expect(detail.startsWith('authorization code ')).toBe(true);
    expect(engine).toContain('detail = options.cause.message;');
  });

  it('still keeps a pushed request as an unsecured JWT of its parameters, read back at authorization', async () => {
    const pushed = source(ENGINE_PUSHED_REQUEST.file);
    for (const line of ENGINE_PUSHED_REQUEST.text) expect(pushed).toContain(line);
    expect(source('lib/consts/index.js')).toContain(`'${ENGINE_PUSHED_REQUEST.urn}'`);
    // What the engine writes, as jose writes it; read back without prompt=none, the rest intact.
    const { UnsecuredJWT } = await import('jose');
    const request = new UnsecuredJWT({ client_id: 'c', prompt: 'none', scope: 'openid' })
      .setIssuer('c')
      .encode();
    const silenced = pushedWithoutPromptNone({ request, dpopJkt: 'k' });
    expect(silenced?.dpopJkt).toBe('k');
    expect(UnsecuredJWT.decode(silenced?.request ?? '').payload).toEqual({
      client_id: 'c',
      scope: 'openid',
      iss: 'c',
    });
    // Any other prompt, or a signed request object, is left as it is.
    const asking = new UnsecuredJWT({ prompt: 'login' }).encode();
    expect(pushedWithoutPromptNone({ request: asking })).toBeUndefined();
    expect(pushedWithoutPromptNone({ request: `${request.slice(0, -1)}.c2lnbmVk` })).toBeUndefined();
  });
});
