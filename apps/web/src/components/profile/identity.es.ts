import type { Translation } from '@/lib/i18n';
import type en from './identity.en';

export default {
  picture: 'Foto de perfil',
  pictureHint: 'PNG, JPEG, WebP o GIF, hasta 5 MB (opcional)',
  pictureReading: 'Leyendo la imagen…',
  choosePicture: 'Elegir foto',
  fullName: 'Nombre completo',
  fullNamePlaceholder: 'Ana García',
  username: 'Nombre de usuario',
  usernamePlaceholder: 'anagarcia',
  dateOfBirth: 'Fecha de nacimiento',
  bio: 'Sobre mí',
  bioPlaceholder: 'Cuéntanos un poco sobre ti (opcional)',
  busy: 'Guardando…',
} satisfies Translation<typeof en>;
