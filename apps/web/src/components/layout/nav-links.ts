/** SPEC top navigation: the links a signed-in user sees; CloudBliss and Luupz live on their own hosts. */
export interface NavLink {
  label: string;
  to: string;
  external?: boolean;
}

export const SIGNED_IN_LINKS: NavLink[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'CloudBliss', to: 'https://cloudbliss.app', external: true },
  { label: 'Voge', to: '/voge' },
  { label: 'Sokuwe', to: '/sokuwe' },
  { label: 'Luupz', to: 'https://luupz.com', external: true },
];
