import type { Translation } from '@/lib/i18n';
import type en from './auth.en';

export default {
  email: 'E-mail',
  password: 'Mot de passe',
  confirmPassword: 'Confirmer le mot de passe',
  newPassword: 'Nouveau mot de passe',
  confirmNewPassword: 'Confirmer le nouveau mot de passe',
  emailPlaceholder: 'vous@exemple.fr',
  needsJavaScript:
    'Ce formulaire a besoin de JavaScript. Activez-le dans les réglages de votre navigateur pour continuer.',
  login: {
    emailKept:
      'Le changement de votre adresse e-mail a été annulé et toutes les sessions déconnectées. Connectez-vous avec votre adresse.',
    title: 'Bon retour parmi nous',
    subtitle: 'Connectez-vous à votre compte',
    forgot: 'Mot de passe oublié ?',
    submit: 'Se connecter',
    busy: 'Connexion…',
    noAccount: "Vous n'avez pas de compte ?",
    signUp: "S'inscrire",
    success: 'Connecté !',
  },
  signup: {
    title: 'Créez votre compte',
    subtitle: 'Étape 1 sur 3',
    submit: 'Créer le compte',
    busy: 'Création du compte…',
    haveAccount: 'Vous avez déjà un compte ?',
    login: 'Se connecter',
    steps: ['Compte', 'Identité', 'Personnalisation'],
  },
  verify: {
    title: "Vérification de l'adresse e-mail requise",
    body: 'Nous avons envoyé un lien de vérification à',
    hint: "Ouvrez le lien de l'e-mail pour vérifier votre adresse, puis continuez ici.",
    resend: "Renvoyer l'e-mail de vérification",
    cooldown: 'Renvoyer dans {{n}} s',
    signIn: 'Se connecter',
  },
  callback: {
    title: 'Vérification de votre compte',
    errorTitle: "Erreur d'authentification",
    redirecting: 'Redirection vers la page de connexion…',
  },
  forgot: {
    title: 'Mot de passe oublié',
    subtitle:
      'Saisissez votre adresse e-mail et nous vous enverrons un lien pour réinitialiser votre mot de passe.',
    submit: 'Envoyer le lien',
    busy: 'Envoi…',
    back: 'Retour à la connexion',
    sentTitle: 'Consultez vos e-mails',
    sentBody: 'Si un compte existe pour {{email}}, un lien de réinitialisation du mot de passe est en route.',
  },
  reset: {
    title: 'Réinitialisez votre mot de passe',
    submit: 'Mettre à jour le mot de passe',
    busy: 'Mise à jour…',
    checking: 'Vérification de votre lien…',
    missing: "Cette page a besoin du lien reçu dans l'e-mail de réinitialisation du mot de passe.",
    expired: 'Ce lien de réinitialisation a expiré.',
    used: 'Ce lien de réinitialisation a déjà été utilisé.',
    invalid: "Ce lien de réinitialisation n'est pas valide.",
    requestNew: 'En demander un nouveau',
  },
} satisfies Translation<typeof en>;
