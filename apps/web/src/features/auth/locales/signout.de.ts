import type { Translation } from '@/lib/i18n';
import type en from './signout.en';

export default {
  title: 'Von Omnia abmelden?',
  body: 'Eine Anwendung hat darum gebeten, Sie abzumelden. Von ihr sind Sie in jedem Fall abgemeldet; wählen Sie, ob Sie sich in diesem Browser auch von Omnia abmelden.',
  confirm: 'Abmelden',
  busy: 'Abmeldung läuft...',
  stay: 'Angemeldet bleiben',
  failed: 'Diese Abmeldeanfrage ist abgelaufen. Beginnen Sie erneut in der Anwendung.',
  doneTitle: 'Sie sind abgemeldet',
  doneBody: 'Sie wurden in diesem Browser von Omnia abgemeldet.',
  signIn: 'Anmelden',
  home: 'Zur Startseite',
} satisfies Translation<typeof en>;
