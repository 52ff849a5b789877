import { APP_NAME_MAX } from '@omnia/contracts/constants';
import { describe, expect, it } from 'vitest';
import type { AdminClient } from '../modules/admin';
import { formatClientTable } from './admin-format';

const waiting = (name: string): AdminClient => ({
  client_id: 'omnia_abc',
  name,
  status: 'pending',
  owner_email: 'dev@example.test',
  created_at: '2026-01-01T00:00:00.000Z',
  pending_change: null,
  review: {
    version: 'f'.repeat(64),
    description: null,
    publisher: 'Dev',
    published_as: null,
    logo_url: null,
    redirect_uris: ['https://notes.example/cb'],
    post_logout_redirect_uris: [],
    links: {
      homepage_url: 'https://notes.example',
      privacy_url: 'https://notes.example/privacy',
      terms_url: 'https://notes.example/terms',
    },
  },
});

describe('clients list: what an approval publishes', () => {
  it('shows an app’s whole name, its end included, however long it may be', () => {
    // The consent screen folds the spaces: it reads 'Acme Notes by Omnia Account Security'.
    const name = `Acme Notes${' '.repeat(APP_NAME_MAX - 35)}by Omnia Account Security`;
    expect([...name].length).toBe(APP_NAME_MAX);
    expect(formatClientTable([waiting(name)])).toContain(`: ${name}\n`);
  });

  it('shows every URI an approval publishes whole, however long', () => {
    const long = `https://notes.example/cb?${'a'.repeat(1900)}&next=https://evil.example`;
    const app = waiting('Notes');
    const review = app.review;
    if (!review) throw new Error('no review');
    const shown = formatClientTable([
      {
        ...app,
        review: {
          ...review,
          redirect_uris: [long],
          post_logout_redirect_uris: [long],
          links: { ...review.links, privacy_url: long },
        },
      },
    ]);
    expect(shown.split(long)).toHaveLength(4);
  });

  it('names a host written in other letters as the browser reads it, beside the URI', () => {
    // A Cyrillic 'а' in 'acme': beside the real homepage it reads as the same site.
    const lookalike = 'https://notes.\u0430cme.example/callback';
    const app = waiting('Acme Notes');
    const review = app.review;
    if (!review) throw new Error('no review');
    const shown = formatClientTable([{ ...app, review: { ...review, redirect_uris: [lookalike] } }]);
    expect(shown).toContain(`redirect URI ${lookalike} (host: notes.xn--cme-5cd.example)`);
    // An ASCII host needs no such note.
    expect(formatClientTable([app])).not.toContain('(host:');
  });
});
