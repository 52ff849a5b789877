import { PRODUCT_NAME } from '@omnia/contracts/constants';

/** The site's footer (landing page and the footer's own pages). */
export default {
  tagline: 'One account for all your services.',
  services: 'Services',
  company: 'Company',
  legal: 'Legal',
  links: {
    cloudbliss: 'CloudBliss',
    voge: 'Voge',
    sokuwe: 'Sokuwe',
    luupz: 'Luupz',
    taskcel: 'Taskcel',
    about: 'About',
    careers: 'Careers',
    blog: 'Blog',
    contact: 'Contact',
    terms: 'Terms',
    privacy: 'Privacy',
    cookies: 'Cookies',
  },
  github: `${PRODUCT_NAME} on GitHub`,
  x: `${PRODUCT_NAME} on X`,
  rights: `© {{year}} ${PRODUCT_NAME}. All rights reserved.`,
};
