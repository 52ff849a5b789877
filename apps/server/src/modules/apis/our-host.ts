/** A host name as DNS compares it: without the root's trailing dot (`localhost.` is `localhost`). */
const bare = (host: string) => host.toLowerCase().replace(/\.$/, '');

/**
 * Whether an API identifier is an address of Omnia itself: tokens for it would look like Omnia's
 * own to whoever reads them, so no API takes one.
 */
export function onOurHost(identifier: string, publicUrl: string): boolean {
  const host = URL.parse(identifier)?.hostname;
  return host !== undefined && bare(host) === bare(new URL(publicUrl).hostname);
}

/**
 * Whether an API identifier is on the host of one of the suite's services, or below it: tokens
 * for it would look like the suite's own to whoever reads them (CloudBliss's servers among them).
 */
export function onSuiteHost(identifier: string, suiteAddresses: readonly string[]): boolean {
  const host = URL.parse(identifier)?.hostname;
  if (host === undefined) return false;
  return suiteAddresses.some((address) => {
    const suite = URL.parse(address)?.hostname;
    return suite !== undefined && (bare(host) === bare(suite) || bare(host).endsWith(`.${bare(suite)}`));
  });
}
