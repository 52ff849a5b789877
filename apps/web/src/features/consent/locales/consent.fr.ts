import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './consent.en';

export default {
  title: "Demande d'autorisation",
  cancel: 'Annuler',
  validating: 'Validation de la demande…',
  errorTitle: "Erreur d'autorisation",
  returnHome: "Retour à l'accueil",
  authRequiredTitle: 'Authentification requise',
  authRequiredBody: "Connectez-vous à votre compte pour continuer vers l'application.",
  signIn: 'Se connecter',
  defaultDescription: 'souhaite accéder à votre compte',
  willAllow: 'Cela permettra à {{app}} de :',
  allow: 'Autoriser',
  deny: 'Refuser',
  signedInAs: 'Connecté en tant que {{email}}',
  switchAccount: "Ce n'est pas vous ? Changer de compte",
  switching: 'Déconnexion…',
  twoStepSetup: {
    title: 'Validation en deux étapes requise',
    body: "{{app}} exige la validation en deux étapes. Configurez une application d'authentification ou une clé d'accès dans les Paramètres, puis rouvrez {{app}}.",
    setUp: 'Configurer la validation en deux étapes',
  },
  reauth: {
    title: 'Confirmez votre identité',
    body: '{{app}} vous demande de vous reconnecter avant de continuer.',
    password: 'Mot de passe',
    submit: 'Continuer',
    busy: 'Vérification…',
  },
  plain: {
    unavailable: 'Cette application n’est pas disponible. Contactez son développeur.',
    notReviewed: `Cette application n’est pas encore disponible : ${PRODUCT_NAME} ne l’a pas encore vérifiée, seul son développeur peut l’utiliser. Contactez son développeur.`,
    badLink:
      'L’application vous a envoyé ici avec un lien incomplet ou erroné. Revenez à l’application et réessayez ; si cela se reproduit, contactez son développeur.',
    details: 'Détails techniques',
    code: 'Code d’erreur : {{code}}',
  },
  api: { title: 'Sur {{api}}', note: 'Décrit par le développeur de {{api}}' },
  device: {
    title: 'Un appareil demande à se connecter',
    code: 'Code sur l’appareil :',
    check: 'N’autorisez que si votre appareil affiche ce code. Si quelqu’un vous a envoyé ce code, refusez.',
    from: 'Demandé depuis {{device}} à l’adresse {{ip}}',
    fromAddress: 'Demandé depuis l’adresse {{ip}}',
  },
  trust: {
    verified: `Vérifiée par ${PRODUCT_NAME}`,
    unverified: 'Non vérifiée : vous seul pouvez l’utiliser',
    publisher: 'Publiée par {{publisher}}',
    returnTo: 'Après votre choix, vous serez renvoyé vers',
    returnToApp: 'Après votre choix, une application de cet appareil s’ouvre, celle enregistrée pour',
    homepage: 'Page d’accueil',
    privacy: 'Politique de confidentialité',
    terms: 'Conditions d’utilisation',
    linksLabel: 'Pages de {{app}}',
    newTab: '(s’ouvre dans un nouvel onglet)',
    noLinks:
      '{{app}} n’a pas encore publié de page d’accueil, de politique de confidentialité ni de conditions.',
  },
  trustNote:
    "N'autorisez l'accès qu'aux applications en qui vous avez confiance. Vous pouvez révoquer l'accès à tout moment dans les Paramètres.",
  appLogoAlt: 'Logo de {{app}}',
  redirecting: 'Redirection…',
  scopes: {
    openid: 'Vous connecter avec votre compte',
    profile: "Voir votre profil (nom, nom d'utilisateur, avatar)",
    email: 'Voir votre adresse e-mail',
  },
} satisfies Translation<typeof en>;
