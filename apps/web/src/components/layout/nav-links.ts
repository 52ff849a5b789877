/** SPEC top navigation: the links a signed-in user sees; CloudBliss and Luupz live on their own hosts. */
export interface NavLink {
  label: string;
  /** A common-namespace key for labels that are words, not product names. */
  labelKey?: string;
  to: string;
  external?: boolean;
}

export const SIGNED_IN_LINKS: NavLink[] = [
  { label: 'Dashboard', labelKey: 'nav.dashboard', to: '/dashboard' },
  { label: 'CloudBliss', to: 'https://cloudbliss.app', external: true },
  { label: 'Voge', to: '/voge' },
  { label: 'Sokuwe', to: '/sokuwe' },
  { label: 'Luupz', to: 'https://luupz.com', external: true },
];
