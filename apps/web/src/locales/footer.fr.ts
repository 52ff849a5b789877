import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './footer.en';

export default {
  tagline: 'Un seul compte pour tous vos services.',
  services: 'Services',
  company: 'Entreprise',
  legal: 'Mentions légales',
  links: {
    cloudbliss: 'CloudBliss',
    voge: 'Voge',
    sokuwe: 'Sokuwe',
    luupz: 'Luupz',
    taskcel: 'Taskcel',
    about: 'À propos',
    careers: 'Carrières',
    blog: 'Blog',
    contact: 'Contact',
    terms: "Conditions d'utilisation",
    privacy: 'Confidentialité',
    cookies: 'Cookies',
  },
  github: `${PRODUCT_NAME} sur GitHub`,
  x: `${PRODUCT_NAME} sur X`,
  rights: `© {{year}} ${PRODUCT_NAME}. Tous droits réservés.`,
} satisfies Translation<typeof en>;
