import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './consent.en';

export default {
  title: 'Autorisierungsanfrage',
  cancel: 'Abbrechen',
  validating: 'Anfrage wird geprüft …',
  errorTitle: 'Autorisierungsfehler',
  returnHome: 'Zur Startseite',
  authRequiredTitle: 'Anmeldung erforderlich',
  authRequiredBody: 'Melden Sie sich bei Ihrem Konto an, um zur Anwendung zu gelangen.',
  signIn: 'Anmelden',
  defaultDescription: 'möchte auf Ihr Konto zugreifen',
  willAllow: 'Damit erlauben Sie {{app}}:',
  allow: 'Erlauben',
  deny: 'Ablehnen',
  signedInAs: 'Angemeldet als {{email}}',
  switchAccount: 'Nicht Sie? Konto wechseln',
  switching: 'Abmelden…',
  twoStepSetup: {
    title: 'Bestätigung in zwei Schritten erforderlich',
    body: '{{app}} verlangt eine Bestätigung in zwei Schritten. Richten Sie in den Einstellungen eine Authentifizierungs-App oder einen Passkey ein und öffnen Sie {{app}} dann erneut.',
    setUp: 'Bestätigung in zwei Schritten einrichten',
  },
  reauth: {
    title: 'Bestätigen Sie, dass Sie es sind',
    body: '{{app}} bittet Sie, sich erneut anzumelden, bevor es fortfährt.',
    password: 'Passwort',
    submit: 'Weiter',
    busy: 'Wird geprüft…',
  },
  plain: {
    unavailable: 'Diese App ist nicht verfügbar. Wenden Sie sich an ihren Entwickler.',
    notReviewed: `Diese App ist noch nicht verfügbar: ${PRODUCT_NAME} hat sie noch nicht geprüft, daher kann nur ihr Entwickler sie nutzen. Wenden Sie sich an ihren Entwickler.`,
    badLink:
      'Die App hat Sie mit einem unvollständigen oder fehlerhaften Link hierher geschickt. Kehren Sie zur App zurück und versuchen Sie es erneut; wenn es wieder passiert, wenden Sie sich an ihren Entwickler.',
    details: 'Technische Details',
    code: 'Fehlercode: {{code}}',
  },
  api: { title: 'Bei {{api}}', note: 'Beschrieben vom Entwickler von {{api}}' },
  device: {
    title: 'Ein Gerät möchte sich anmelden',
    code: 'Code auf dem Gerät:',
    check:
      'Erlauben Sie nur, wenn Ihr Gerät diesen Code anzeigt. Hat Ihnen jemand den Code geschickt, lehnen Sie ab.',
    from: 'Angefragt von {{device}} unter {{ip}}',
    fromAddress: 'Angefragt von {{ip}}',
  },
  trust: {
    verified: `Von ${PRODUCT_NAME} geprüft`,
    unverified: 'Nicht geprüft: nur Sie können sie nutzen',
    publisher: 'Herausgegeben von {{publisher}}',
    returnTo: 'Nach Ihrer Entscheidung werden Sie weitergeleitet zu',
    returnToApp: 'Nach Ihrer Entscheidung öffnet sich eine App auf diesem Gerät, die registriert ist für',
    homepage: 'Startseite',
    privacy: 'Datenschutzerklärung',
    terms: 'Nutzungsbedingungen',
    linksLabel: 'Seiten von {{app}}',
    newTab: '(öffnet in einem neuen Tab)',
    noLinks:
      '{{app}} hat noch keine Startseite, Datenschutzerklärung oder Nutzungsbedingungen veröffentlicht.',
  },
  trustNote:
    'Erlauben Sie den Zugriff nur Anwendungen, denen Sie vertrauen. Sie können den Zugriff jederzeit in den Einstellungen widerrufen.',
  appLogoAlt: 'Logo von {{app}}',
  redirecting: 'Weiterleitung …',
  scopes: {
    openid: 'Sie mit Ihrem Konto anzumelden',
    profile: 'Ihr Profil zu sehen (Name, Benutzername, Profilbild)',
    email: 'Ihre E-Mail-Adresse zu sehen',
  },
} satisfies Translation<typeof en>;
