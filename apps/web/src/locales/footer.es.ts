import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './footer.en';

export default {
  tagline: 'Una cuenta para todos tus servicios.',
  services: 'Servicios',
  company: 'Empresa',
  legal: 'Legal',
  links: {
    cloudbliss: 'CloudBliss',
    voge: 'Voge',
    sokuwe: 'Sokuwe',
    luupz: 'Luupz',
    taskcel: 'Taskcel',
    about: 'Acerca de',
    careers: 'Empleo',
    blog: 'Blog',
    contact: 'Contacto',
    terms: 'Términos',
    privacy: 'Privacidad',
    cookies: 'Cookies',
  },
  github: `${PRODUCT_NAME} en GitHub`,
  x: `${PRODUCT_NAME} en X`,
  rights: `© {{year}} ${PRODUCT_NAME}. Todos los derechos reservados.`,
} satisfies Translation<typeof en>;
