import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './signout.en';

export default {
  title: `Von ${PRODUCT_NAME} abmelden?`,
  body: `Eine Anwendung hat darum gebeten, Sie abzumelden. Von ihr sind Sie in jedem Fall abgemeldet; wählen Sie, ob Sie sich in diesem Browser auch von ${PRODUCT_NAME} abmelden.`,
  confirm: 'Abmelden',
  busy: 'Abmeldung läuft...',
  stay: 'Angemeldet bleiben',
  failed: 'Diese Abmeldeanfrage ist abgelaufen. Beginnen Sie erneut in der Anwendung.',
  doneTitle: 'Sie sind abgemeldet',
  doneBody: `Sie wurden in diesem Browser von ${PRODUCT_NAME} abgemeldet.`,
  signIn: 'Anmelden',
  home: 'Zur Startseite',
} satisfies Translation<typeof en>;
