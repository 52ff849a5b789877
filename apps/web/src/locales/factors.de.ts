import type { Translation } from '@/lib/i18n';
import type en from './factors.en';

export default {
  twoStep: {
    signingInAs: 'Anmeldung als',
    usePasskey: 'Einen Passkey verwenden',
    title: 'Bestätigung in zwei Schritten',
    body: 'Geben Sie den 6-stelligen Code aus Ihrer Authentifizierungs-App ein.',
    recoveryBody: 'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder gilt einmal.',
    code: '6-stelliger Code',
    recoveryCode: 'Wiederherstellungscode',
    verify: 'Bestätigen',
    busy: 'Wird geprüft...',
    useRecovery: 'Stattdessen einen Wiederherstellungscode verwenden',
    useCode: 'Stattdessen die Authentifizierungs-App verwenden',
    back: 'Zurück zur Anmeldung',
    expired: 'Die Anmeldung hat zu lange gedauert. Geben Sie E-Mail-Adresse und Passwort erneut ein.',
    lost: 'Authenticator-App und Wiederherstellungscodes verloren?',
    lostBody:
      'Sie können beantragen, die Bestätigung in zwei Schritten auszuschalten. Zur Sicherheit des Kontos geschieht das erst nach 7 Tagen; der Inhaber wird per E-Mail informiert und kann es abbrechen, und eine Anmeldung mit einem zweiten Schritt bricht es ebenfalls ab.',
    lostRequest: 'Kontowiederherstellung beantragen',
    lostBusy: 'Wird beantragt...',
    lostBack: 'Zurück',
    lostDone:
      'Wiederherstellung beantragt. Die Bestätigung in zwei Schritten wird am {{date}} ausgeschaltet, sofern niemand abbricht; danach genügt Ihr Passwort.',
  },
  confirm: {
    title: 'Bestätigen Sie, dass Sie es sind',
    bodyPassword: 'Geben Sie Ihr Passwort ein, um fortzufahren.',
    bodyPasskey: 'Verwenden Sie einen Ihrer Passkeys, um fortzufahren.',
    bodyCode: 'Geben Sie den 6-stelligen Code aus Ihrer Authentifizierungs-App ein, um fortzufahren.',
    password: 'Passwort',
    submit: 'Weiter',
    busy: 'Wird geprüft...',
    cancel: 'Abbrechen',
  },
  passkeys: {
    cardTitle: 'Mit einem Passkey anmelden',
    cardBody:
      'Melden Sie sich mit Fingerabdruck, Gesicht oder Bildschirmsperre statt mit einem Passwort an: Ein Passkey zählt als beide Schritte zugleich. Wo ein zweiter Schritt verlangt wird, funktioniert ein Passkey ebenfalls.',
    unavailableHere:
      'Passkeys erfordern, dass diese Website über ihren Namen erreicht wird, nicht über eine IP-Adresse.',
    thisDevice: 'Passkey dieses Geräts',
    securityKey: 'Sicherheitsschlüssel',
    signIn: 'Mit einem Passkey anmelden',
    title: 'Passkeys',
    body: 'Die Passkeys dieses Kontos: Jeder meldet Sie allein, ohne Passwort, an.',
    add: 'Passkey hinzufügen',
    addedToast: 'Passkey hinzugefügt',
    removedToast: 'Passkey entfernt',
    name: 'Name',
    save: 'Speichern',
    rename: 'Umbenennen',
    remove: 'Entfernen',
    added: 'Hinzugefügt am {{date}}',
    lastUsed: 'zuletzt verwendet am {{date}}',
    neverUsed: 'nie verwendet',
  },
  security: {
    turnOffTitle: 'Bestätigung in zwei Schritten ausschalten?',
    turnOffBody:
      'Ihr Konto ist dann nur noch durch Ihr Passwort geschützt: Ihre Authenticator-App funktioniert dafür nicht mehr und Ihre Wiederherstellungscodes werden gelöscht. Passkeys bleiben.',
    keepOn: 'Eingeschaltet lassen',
    regenerateTitle: 'Neue Wiederherstellungscodes erzeugen?',
    regenerateBody:
      'Ihre bisherigen Wiederherstellungscodes funktionieren sofort nicht mehr. Bewahren Sie die neuen sicher auf.',
    cancel: 'Abbrechen',
    removalNotice:
      'Jemand, der Ihr Passwort kannte, hat beantragt, die Bestätigung in zwei Schritten auszuschalten, weil alle zweiten Schritte verloren seien. Sie wird am {{date}} ausgeschaltet. Wenn Sie das nicht waren, brechen Sie den Antrag ab und ändern Sie Ihr Passwort.',
    keep: 'Antrag abbrechen',
    kept: 'Die Bestätigung in zwei Schritten bleibt aktiv',
    title: 'Bestätigung in zwei Schritten',
    description:
      'Ein zweiter Schritt nach dem Passwort schützt Ihr Konto, selbst wenn das Passwort bekannt wird.',
    appTitle: 'Authentifizierungs-App',
    appOff:
      'Nutzen Sie eine App wie Google Authenticator, 1Password oder Aegis, um bei der Anmeldung einen 6-stelligen Code zu erhalten.',
    appOn: 'Aktiv seit {{date}}',
    setUp: 'Einrichten',
    turnOff: 'Deaktivieren',
    turnedOff: 'Authentifizierungs-App deaktiviert',
    setupTitle: 'Authentifizierungs-App einrichten',
    setupStep1:
      'Scannen Sie diesen QR-Code mit Ihrer Authentifizierungs-App oder geben Sie den Schlüssel von Hand ein.',
    qrAlt: 'QR-Code für Ihre Authentifizierungs-App',
    setupKey: 'Einrichtungsschlüssel',
    setupStep2: 'Geben Sie den 6-stelligen Code ein, den die App anzeigt.',
    verify: 'Bestätigen',
    turnedOn: 'Die Bestätigung in zwei Schritten ist aktiv',
    recoveryTitle: 'Wiederherstellungscodes',
    recoveryBody: '{{count}} von 10 übrig. Jeder gilt einmal, falls Sie Ihr Telefon verlieren.',
    recoveryNone: 'Wiederherstellungscodes kommen mit Ihrem ersten zweiten Schritt.',
    regenerate: 'Neue Codes erstellen',
    codesTitle: 'Speichern Sie Ihre Wiederherstellungscodes',
    codesBody:
      'Jeder Code gilt einmal, falls Sie den Zugang zu Ihrer Authentifizierungs-App verlieren. Sie werden nur jetzt angezeigt: Bewahren Sie sie sicher auf.',
    copy: 'Kopieren',
    copied: 'Kopiert',
    download: 'Herunterladen',
    done: 'Ich habe sie gespeichert',
    fileName: 'omnia-wiederherstellungscodes.txt',
  },
} satisfies Translation<typeof en>;
