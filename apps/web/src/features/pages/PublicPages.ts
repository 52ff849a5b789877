import type { PublicPage } from '@omnia/contracts/pages';
import type { ComponentType } from 'react';
import { AboutPage } from './AboutPage';
import { BlogPage } from './BlogPage';
import { CareersPage } from './CareersPage';
import { ContactPage } from './ContactPage';
import { CookiesPage } from './CookiesPage';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

/** The footer's pages by path (the router loads them as one chunk). */
export const PAGE_COMPONENTS: Record<PublicPage, ComponentType> = {
  '/about': AboutPage,
  '/careers': CareersPage,
  '/blog': BlogPage,
  '/contact': ContactPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/cookies': CookiesPage,
};
