import { AVATAR_INITIALS_FALLBACK, AVATAR_INITIALS_MAX, DEFAULT_USERNAME_LABEL } from './constants';

/** SPEC: up to two initials from the full name, else 'U'. */
export function initialsOf(fullName: string | null | undefined): string {
  const letters = (fullName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, AVATAR_INITIALS_MAX);
  return letters || AVATAR_INITIALS_FALLBACK;
}

/** The name shown in greetings and menus: the given value, else 'User'. */
export function displayNameOf(name: string | null | undefined): string {
  return name?.trim() || DEFAULT_USERNAME_LABEL;
}
