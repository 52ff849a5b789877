import type { Translation } from '@/lib/i18n';
import type en from './signout.en';

export default {
  title: 'Von Omnia abmelden?',
  body: 'Eine Anwendung hat darum gebeten, Sie abzumelden. Sie werden in diesem Browser von Omnia abgemeldet.',
  confirm: 'Abmelden',
  busy: 'Abmeldung läuft...',
  stay: 'Angemeldet bleiben',
  failed: 'Diese Abmeldeanfrage ist abgelaufen. Beginnen Sie erneut in der Anwendung.',
  doneTitle: 'Sie sind abgemeldet',
  doneBody: 'Sie wurden in diesem Browser von Omnia abgemeldet.',
  signIn: 'Anmelden',
  home: 'Zur Startseite',
} satisfies Translation<typeof en>;
