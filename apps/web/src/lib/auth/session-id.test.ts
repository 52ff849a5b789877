import { describe, expect, it } from 'vitest';
import { sessionIdOf } from './session-id';

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) =>
  [base64url('{"alg":"HS256","typ":"JWT"}'), base64url(JSON.stringify(claims)), 'signature'].join('.');

describe('sessionIdOf', () => {
  it("reads the session id of an access token, whatever its payload's base64url holds", () => {
    const sid = '0b7a5c1e-4f2d-4a8b-9c3e-2d1f0a9b8c7d';
    // '>>>' and '???' encode to '-' and '_' in base64url; each length ends on another padding.
    for (const extra of ['', '>', '>>', '>>>', '???'])
      expect(sessionIdOf(token({ sub: 'u', sid, email_confirmed: true, extra }))).toBe(sid);
  });

  it('two tokens of one session name the same session; another session another', () => {
    const sid = 'f3a1b2c4-0000-4000-8000-000000000001';
    expect(sessionIdOf(token({ sid, iat: 1 }))).toBe(sessionIdOf(token({ sid, iat: 2 })));
    expect(sessionIdOf(token({ sid: 'f3a1b2c4-0000-4000-8000-000000000002' }))).not.toBe(sid);
  });

  it('anything that is not such a token names no session', () => {
    for (const bad of [
      '',
      'opaque',
      'a.b.c',
      'a.%%%.c',
      `x.${base64url('[1]')}.y`,
      `x.${base64url('null')}.y`,
    ])
      expect(sessionIdOf(bad)).toBeNull();
    expect(sessionIdOf(token({ sid: 42 }))).toBeNull();
    expect(sessionIdOf(token({ sub: 'no sid' }))).toBeNull();
  });
});
