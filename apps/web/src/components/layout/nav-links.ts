/** SPEC top navigation: the links a signed-in user sees; CloudBliss and Luupz live on their own hosts. */
export interface NavLink {
  label: string;
  /** A common-namespace key for labels that are words, not product names. */
  labelKey?: string;
  to: string;
  external?: boolean;
}

/** The services that live on hosts of their own: one destination, wherever they are linked from. */
export const SERVICE_HOSTS = { CloudBliss: 'https://cloudbliss.app', Luupz: 'https://luupz.com' } as const;

export const SIGNED_IN_LINKS: NavLink[] = [
  { label: 'Dashboard', labelKey: 'nav.dashboard', to: '/dashboard' },
  { label: 'CloudBliss', to: SERVICE_HOSTS.CloudBliss, external: true },
  { label: 'Voge', to: '/voge' },
  { label: 'Sokuwe', to: '/sokuwe' },
  { label: 'Luupz', to: SERVICE_HOSTS.Luupz, external: true },
];
