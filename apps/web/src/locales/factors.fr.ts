import type { Translation } from '@/lib/i18n';
import type en from './factors.en';

export default {
  twoStep: {
    title: 'Validation en deux étapes',
    body: "Saisissez le code à 6 chiffres de votre application d'authentification.",
    recoveryBody: "Saisissez l'un de vos codes de récupération. Chacun ne sert qu'une fois.",
    code: 'Code à 6 chiffres',
    recoveryCode: 'Code de récupération',
    verify: 'Vérifier',
    busy: 'Vérification...',
    useRecovery: 'Utiliser un code de récupération',
    useCode: "Utiliser l'application d'authentification",
    back: 'Retour à la connexion',
    expired: 'La connexion a pris trop de temps. Saisissez à nouveau votre e-mail et votre mot de passe.',
  },
  confirm: {
    title: 'Confirmez votre identité',
    bodyPassword: 'Saisissez votre mot de passe pour continuer.',
    bodyCode: "Saisissez le code à 6 chiffres de votre application d'authentification pour continuer.",
    password: 'Mot de passe',
    submit: 'Continuer',
    busy: 'Vérification...',
    cancel: 'Annuler',
  },
  security: {
    removalNotice:
      'Votre mot de passe a été réinitialisé par e-mail : la validation en deux étapes sera désactivée le {{date}}. Si vous avez encore votre application d’authentification, gardez-la.',
    keep: 'Garder la validation en deux étapes',
    kept: 'La validation en deux étapes reste activée',
    title: 'Validation en deux étapes',
    description:
      'Une seconde étape après le mot de passe protège votre compte même si le mot de passe fuite.',
    appTitle: "Application d'authentification",
    appOff:
      'Utilisez une application comme Google Authenticator, 1Password ou Aegis pour obtenir un code à 6 chiffres à la connexion.',
    appOn: 'Activée depuis le {{date}}',
    setUp: 'Configurer',
    turnOff: 'Désactiver',
    turnedOff: "Application d'authentification désactivée",
    setupTitle: "Configurez votre application d'authentification",
    setupStep1:
      "Scannez ce code QR avec votre application d'authentification, ou saisissez la clé à la main.",
    qrAlt: "Code QR pour votre application d'authentification",
    setupKey: 'Clé de configuration',
    setupStep2: "Saisissez le code à 6 chiffres affiché par l'application.",
    verify: 'Vérifier',
    turnedOn: 'La validation en deux étapes est activée',
    recoveryTitle: 'Codes de récupération',
    recoveryBody: 'Il en reste {{count}} sur 10. Chacun sert une fois si vous perdez votre téléphone.',
    recoveryNone: 'Les codes de récupération arrivent avec votre première seconde étape.',
    regenerate: 'Générer de nouveaux codes',
    codesTitle: 'Enregistrez vos codes de récupération',
    codesBody:
      "Chaque code sert une fois, si vous perdez l'accès à votre application d'authentification. Ils ne sont affichés que maintenant : gardez-les en lieu sûr.",
    copy: 'Copier',
    copied: 'Copié',
    download: 'Télécharger',
    done: 'Je les ai enregistrés',
    fileName: 'omnia-codes-de-recuperation.txt',
  },
} satisfies Translation<typeof en>;
