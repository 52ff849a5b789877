import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './footer.en';

export default {
  tagline: 'Ein Konto für all Ihre Dienste.',
  services: 'Dienste',
  company: 'Unternehmen',
  legal: 'Rechtliches',
  links: {
    cloudbliss: 'CloudBliss',
    voge: 'Voge',
    sokuwe: 'Sokuwe',
    luupz: 'Luupz',
    taskcel: 'Taskcel',
    about: 'Über uns',
    careers: 'Karriere',
    blog: 'Blog',
    contact: 'Kontakt',
    terms: 'AGB',
    privacy: 'Datenschutz',
    cookies: 'Cookies',
  },
  github: `${PRODUCT_NAME} auf GitHub`,
  x: `${PRODUCT_NAME} auf X`,
  rights: `© {{year}} ${PRODUCT_NAME}. Alle Rechte vorbehalten.`,
} satisfies Translation<typeof en>;
