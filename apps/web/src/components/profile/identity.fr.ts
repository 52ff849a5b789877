import type { Translation } from '@/lib/i18n';
import type en from './identity.en';

export default {
  picture: 'Photo de profil',
  pictureHint: "PNG, JPEG, WebP ou GIF, jusqu'à 5 Mo (facultatif)",
  pictureReading: 'Lecture de l’image…',
  choosePicture: 'Choisir une photo',
  fullName: 'Nom complet',
  fullNamePlaceholder: 'Marie Dupont',
  username: "Nom d'utilisateur",
  usernamePlaceholder: 'mariedupont',
  dateOfBirth: 'Date de naissance',
  bio: 'À propos de moi',
  bioPlaceholder: 'Parlez-nous un peu de vous (facultatif)',
  busy: 'Enregistrement…',
} satisfies Translation<typeof en>;
