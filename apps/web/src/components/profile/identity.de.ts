import type { Translation } from '@/lib/i18n';
import type en from './identity.en';

export default {
  picture: 'Profilbild',
  pictureHint: 'PNG, JPEG, WebP oder GIF, bis zu 5 MB (optional)',
  pictureReading: 'Bild wird gelesen …',
  choosePicture: 'Bild auswählen',
  fullName: 'Vollständiger Name',
  fullNamePlaceholder: 'Erika Mustermann',
  username: 'Benutzername',
  usernamePlaceholder: 'erikamustermann',
  dateOfBirth: 'Geburtsdatum',
  bio: 'Über mich',
  bioPlaceholder: 'Erzählen Sie ein wenig über sich (optional)',
  busy: 'Wird gespeichert …',
} satisfies Translation<typeof en>;
