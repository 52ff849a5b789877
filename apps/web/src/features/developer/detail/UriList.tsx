/** Addresses as the app's page lists them (redirect URIs, post-logout URIs, web origins). */
export function UriList({ uris, testId }: { uris: readonly string[]; testId?: string }) {
  return (
    <ul className="space-y-1.5" data-testid={testId}>
      {uris.map((uri) => (
        <li
          key={uri}
          className="rounded-md border border-border bg-muted/30 px-3 py-2 font-mono text-xs break-all"
        >
          {uri}
        </li>
      ))}
    </ul>
  );
}
