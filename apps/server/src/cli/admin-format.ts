import { APP_DESCRIPTION_MAX as DESCRIPTION_MAX, APP_NAME_MAX as NAME_MAX } from '@omnia/contracts/constants';
import type { AppLinkField } from '@omnia/contracts/developer';
import type { AdminClient } from '../modules/admin';

/**
 * Names and e-mails are typed by users: control characters (terminal escape sequences, new lines)
 * are shown as '?' so a client's name cannot rewrite the operator's terminal.
 */
export function printable(value: string, max = Number.POSITIVE_INFINITY): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '?');
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

const createdUtc = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/**
 * A URI an approval publishes, whole, and when its host is written in letters outside ASCII, that
 * host as the browser reads it (punycode): 'notes.аcme.example' with a Cyrillic 'а' would pass for
 * the app's real site beside its homepage.
 */
function shownUri(uri: string): string {
  let host: string | undefined;
  try {
    host = new URL(uri).host;
  } catch {
    host = undefined;
  }
  const written = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(uri)?.[1]?.replace(/^[^@]*@/, '');
  const note = host && written !== undefined && written.toLowerCase() !== host ? ` (host: ${host})` : '';
  return `${printable(uri)}${note}`;
}

/** The `clients list` table: client_id, status, name, owner e-mail, created (UTC), newest first. */
export function formatClientTable(clients: AdminClient[], publicUrl = ''): string {
  if (clients.length === 0) return 'No OAuth2 clients.';
  const header = ['CLIENT ID', 'STATUS', 'NAME', 'OWNER', 'CREATED (UTC)'];
  const rows = clients.map((c) => [
    printable(c.client_id, 64),
    c.status,
    printable(c.name, 40),
    printable(c.owner_email, 48),
    createdUtc(c.created_at),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...(r[i] ?? '')].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 ? cell : cell + ' '.repeat((widths[i] ?? 0) - [...cell].length),
      )
      .join('  ');
  const pending = clients.filter((c) => c.status === 'pending').length;
  const changed = clients.filter((c) => c.pending_change);
  const total = `${clients.length} client${clients.length === 1 ? '' : 's'}, ${pending} pending, ${changed.length} change${changed.length === 1 ? '' : 's'} to review`;
  const review = changed.length
    ? [
        '',
        'Changes waiting for review (clients approve-change | reject-change <change id>):',
        ...changed.flatMap((c) => formatChange(c, publicUrl)),
      ]
    : [];
  const waiting = clients.filter((c) => c.review);
  const apps = waiting.length
    ? [
        '',
        'Not approved, or with a new publisher, as they would be approved (clients approve <client_id> <version>):',
        ...waiting.flatMap((c) => formatReview(c, publicUrl)),
      ]
    : [];
  return [line(header), ...rows.map(line), ...review, ...apps, '', total].join('\n');
}

const LINK_LABEL: Record<AppLinkField, string> = {
  homepage_url: 'homepage',
  privacy_url: 'privacy policy',
  terms_url: 'terms',
};

/** What an approved app would change: its new name, logo and URIs, one line each. */
function formatChange(client: AdminClient, publicUrl: string): string[] {
  const change = client.pending_change;
  if (!change) return [];
  return [
    `  change ${printable(change.id, 64)} of ${printable(client.client_id, 64)} (asked ${createdUtc(change.requested_at)} UTC)`,
    ...(change.name
      ? [`    name: ${printable(change.name.from, NAME_MAX)} -> ${printable(change.name.to, NAME_MAX)}`]
      : []),
    ...(change.description
      ? [
          `    description: ${printable(change.description.from ?? '(none)', DESCRIPTION_MAX)} -> ${printable(change.description.to, DESCRIPTION_MAX)}`,
        ]
      : []),
    ...(change.logo_url ? [`    logo: ${printable(`${publicUrl}${change.logo_url}`, 300)}`] : []),
    ...(change.added_redirect_uris ?? []).map((uri) => `    + redirect URI ${shownUri(uri)}`),
    ...(change.added_post_logout_redirect_uris ?? []).map((uri) => `    + post-logout URI ${shownUri(uri)}`),
    ...Object.entries(change.links ?? {}).map(
      ([field, url]) => `    ${LINK_LABEL[field as AppLinkField]}: ${url ? shownUri(url) : '(removed)'}`,
    ),
  ];
}

/** An app not approved: its version, then what people would see of it and where they would go. */
function formatReview(client: AdminClient, publicUrl: string): string[] {
  const review = client.review;
  if (!review) return [];
  return [
    `  ${printable(client.client_id, 64)} version ${printable(review.version, 64)}: ${printable(client.name, NAME_MAX)}`,
    `    description: ${printable(review.description ?? '(none)', DESCRIPTION_MAX)}`,
    client.status === 'approved'
      ? `    published by: ${printable(review.published_as ?? '(nobody)', 100)} -> ${printable(review.publisher ?? '(nobody)', 100)} (approved: only this would change)`
      : `    published by: ${printable(review.publisher ?? '(nobody)', 100)}`,
    ...(review.logo_url ? [`    logo: ${printable(`${publicUrl}${review.logo_url}`, 300)}`] : []),
    ...review.redirect_uris.map((uri) => `    redirect URI ${shownUri(uri)}`),
    ...review.post_logout_redirect_uris.map((uri) => `    post-logout URI ${shownUri(uri)}`),
    ...Object.entries(review.links).map(
      ([field, url]) => `    ${LINK_LABEL[field as AppLinkField]}: ${url ? shownUri(url) : '(none)'}`,
    ),
  ];
}

/** `change approved for omnia_abc… (My App)` */
export function formatChangeDecision(client: AdminClient, decision: 'approve' | 'reject'): string {
  return `change ${decision === 'approve' ? 'approved' : 'rejected'} for ${printable(client.client_id)} (${printable(client.name)})`;
}

/** `approved omnia_abc… (My App)` */
export function formatDecision(client: AdminClient): string {
  return `${client.status} ${printable(client.client_id)} (${printable(client.name)})`;
}
