import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, outboxFor, postJson, uniqueEmail, withMail } from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const preferencesOf = async (email: string) =>
  server.deps.dbHandle.db
    .selectFrom('user_preferences')
    .innerJoin('users', 'users.id', 'user_preferences.id')
    .select('user_preferences.language')
    .where('users.email', '=', email)
    .executeTakeFirst();

describe('e-mail in the user’s language', () => {
  it('a user whose preference is Deutsch gets a German reset mail', async () => {
    const user = await createUser(server);
    const saved = await server.fetch('/api/me/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...user.authHeader },
      body: JSON.stringify({ theme: 'light', language: 'de' }),
    });
    expect(saved.status).toBe(200);
    // The browser says English: the stored preference wins.
    const asked = await withMail(server, user.email, () =>
      postJson(server, '/api/auth/forgot-password', { email: user.email }, { 'accept-language': 'en' }),
    );
    expect(asked.status).toBe(200);
    const [mail] = await outboxFor(server, user.email);
    expect(mail?.subject).toBe('Setzen Sie Ihr Omnia-Passwort zurück');
    expect(mail?.text_body).toContain(
      `Neues Passwort festlegen: ${server.config.publicUrl}/auth/reset-password?token=`,
    );
    expect(mail?.text_body).toContain('Dieser Link funktioniert nur einmal und läuft nach 1 Stunde ab.');
    expect(mail?.html_body).toContain('<html lang="de">');
    expect(mail?.html_body).not.toContain('Reset your password');
  });

  it('signing up with language fr sends a French verification mail and stores fr as the preference', async () => {
    const email = uniqueEmail('fr');
    const res = await postJson(server, '/api/auth/signup', {
      email,
      password: 'correct horse battery',
      language: 'fr',
    });
    expect(res.status).toBe(201);
    const [mail] = await outboxFor(server, email);
    expect(mail?.subject).toBe('Confirmez votre compte Omnia');
    expect(mail?.text_body).toContain(`Bienvenue sur Omnia ! Confirmez que ${email} est bien votre adresse`);
    expect(mail?.text_body).toContain(
      `Vérifier mon adresse e-mail: ${server.config.publicUrl}/auth/callback?token=`,
    );
    expect(await preferencesOf(email)).toEqual({ language: 'fr' });
  });

  it('without a language in the body, Accept-Language picks it; otherwise English', async () => {
    const spanish = uniqueEmail('es');
    await postJson(
      server,
      '/api/auth/signup',
      { email: spanish, password: 'correct horse battery' },
      {
        'accept-language': 'it-IT, es;q=0.8, en;q=0.5',
      },
    );
    expect((await outboxFor(server, spanish))[0]?.subject).toBe('Confirma tu cuenta de Omnia');
    expect(await preferencesOf(spanish)).toEqual({ language: 'es' });

    const plain = uniqueEmail('en');
    await postJson(server, '/api/auth/signup', { email: plain, password: 'correct horse battery' });
    expect((await outboxFor(server, plain))[0]?.subject).toBe('Confirm your Omnia account');
    expect(await preferencesOf(plain)).toBeUndefined();
  });

  it('a second sign-up with an existing address is answered in that account’s language', async () => {
    const user = await createUser(server);
    await server.fetch('/api/me/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...user.authHeader },
      body: JSON.stringify({ theme: 'dark', language: 'es' }),
    });
    await postJson(server, '/api/auth/signup', {
      email: user.email,
      password: 'another password',
      language: 'de',
    });
    const [mail] = await outboxFor(server, user.email);
    expect(mail?.subject).toBe('Tu cuenta de Omnia');
    expect(mail?.text_body).toContain('Ya tienes una cuenta');
  });

  it('refuses a language Omnia does not speak', async () => {
    const res = await postJson(server, '/api/auth/signup', {
      email: uniqueEmail('it'),
      password: 'correct horse battery',
      language: 'it',
    });
    expect(res.status).toBe(400);
  });
});
