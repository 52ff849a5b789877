import type { MailStrings } from './en';

export const de: MailStrings = {
  layout: {
    buttonFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    footer:
      '{{product}}: ein Konto für alle Ihre Dienste. Dies ist eine automatisch versendete Nachricht; Antworten werden nicht gelesen.',
    textFooter: '{{product}}: ein Konto für alle Ihre Dienste.',
  },
  verification: {
    subject: 'Bestätigen Sie Ihr {{product}}-Konto',
    heading: 'Bestätigen Sie Ihre E-Mail-Adresse',
    intro:
      'Willkommen bei {{product}}! Bitte bestätigen Sie, dass {{email}} Ihre Adresse ist, um die Erstellung Ihres Kontos abzuschließen.',
    action: 'E-Mail-Adresse bestätigen',
    expiry: 'Dieser Link funktioniert nur einmal und läuft nach 24 Stunden ab.',
    ignore: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
  },
  accountExists: {
    subject: 'Ihr {{product}}-Konto',
    heading: 'Sie haben bereits ein Konto',
    intro:
      'Jemand (hoffentlich Sie) hat versucht, mit {{email}} ein {{product}}-Konto zu erstellen, doch für diese Adresse gibt es bereits eines.',
    signInInstead:
      'Falls Sie das waren, melden Sie sich stattdessen an. Passwort vergessen? Hier können Sie es zurücksetzen: {{resetUrl}}',
    action: 'Anmelden',
    ignore:
      'Falls Sie das nicht waren, können Sie diese E-Mail ignorieren: An Ihrem Konto wurde nichts geändert.',
  },
  passwordReset: {
    subject: 'Setzen Sie Ihr {{product}}-Passwort zurück',
    heading: 'Passwort zurücksetzen',
    intro:
      'Wir haben eine Anfrage erhalten, das Passwort des {{product}}-Kontos für {{email}} zurückzusetzen.',
    action: 'Neues Passwort festlegen',
    expiry:
      'Dieser Link funktioniert nur einmal und läuft nach 1 Stunde ab. Wenn Sie Ihr Passwort zurücksetzen, werden Sie überall abgemeldet.',
    ignore:
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
  },
  accountLocked: {
    subject: 'Die Anmeldung bei Ihrem {{product}}-Konto ist pausiert',
    heading: 'Anmeldung pausiert',
    paused:
      'Nach mehreren fehlgeschlagenen Anmeldeversuchen beim {{product}}-Konto für {{email}} ist die Anmeldung für {{minutes}} Minuten pausiert.',
    pausedOne:
      'Nach mehreren fehlgeschlagenen Anmeldeversuchen beim {{product}}-Konto für {{email}} ist die Anmeldung für 1 Minute pausiert.',
    notYou:
      'Falls Sie das nicht waren, setzen Sie Ihr Passwort zurück: Möglicherweise versucht jemand, es zu erraten.',
    action: 'Passwort zurücksetzen',
    wasYou: 'Falls Sie das waren, können Sie sich nach Ablauf der Pause wieder anmelden.',
  },
};
