import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './signout.en';

export default {
  title: `Se déconnecter d’${PRODUCT_NAME} ?`,
  body: `Une application a demandé à vous déconnecter. Vous en êtes déconnecté dans tous les cas ; choisissez si vous vous déconnectez aussi d’${PRODUCT_NAME} dans ce navigateur.`,
  confirm: 'Se déconnecter',
  busy: 'Déconnexion...',
  stay: 'Rester connecté',
  failed: 'Cette demande de déconnexion a expiré. Recommencez depuis l’application.',
  doneTitle: 'Vous êtes déconnecté',
  doneBody: `Vous avez été déconnecté d’${PRODUCT_NAME} dans ce navigateur.`,
  signIn: 'Se connecter',
  home: 'Retour à l’accueil',
} satisfies Translation<typeof en>;
