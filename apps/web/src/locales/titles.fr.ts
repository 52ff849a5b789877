import type { Translation } from '@/lib/i18n';
import type en from './titles.en';

export default {
  landing: 'Un seul compte pour tous vos services',
  login: 'Connexion',
  signUp: 'Créer un compte',
  identity: 'Configurez votre identité',
  setup: 'Personnalisez votre expérience',
  verificationRequired: 'Vérifiez votre adresse e-mail',
  authCallback: 'Vérification de votre compte',
  confirmEmail: 'Confirmez votre nouvelle adresse',
  cancelEmailChange: 'Sécurisez votre compte',
  forgotPassword: 'Mot de passe oublié',
  resetPassword: 'Réinitialiser le mot de passe',
  signOut: 'Déconnexion',
  device: 'Connecter un appareil',
  dashboard: 'Tableau de bord',
  settings: 'Paramètres',
  profile: 'Profil',
  authorize: "Demande d'autorisation",
  authorizeError: "Erreur d'autorisation",
  developer: 'Tableau de bord développeur',
  registerClient: 'Enregistrer une application',
  clientDetail: "Détails de l'application",
  registerApi: 'Enregistrer une API',
  apiDetail: "Détails de l'API",
  notFound: 'Page introuvable',
} satisfies Translation<typeof en>;
