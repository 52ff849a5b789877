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
      'Dieser Link funktioniert nur einmal und läuft nach 1 Stunde ab. Das Zurücksetzen des Passworts meldet jede Sitzung ab und entfernt Ihre Passkeys (fügen Sie Ihre danach wieder hinzu); prüfen Sie danach Ihre verbundenen Apps unter Einstellungen → Sicherheit.',
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
  accountDeleted: {
    subject: 'Ihr {{product}}-Konto wurde gelöscht',
    heading: 'Konto gelöscht',
    deleted:
      'Das {{product}}-Konto für {{email}} wurde gelöscht, mit seinem Profil, seinen Sitzungen, seinen Apps und deren Zugriffen. Nichts davon wird aufbewahrt.',
    notYou:
      'Wenn Sie es nicht gelöscht haben, kannte jemand Ihr Passwort (und Ihren zweiten Schritt, falls die Bestätigung in zwei Schritten aktiv war): Sichern Sie dieses Postfach und jedes Konto mit demselben Passwort. Sie können sich mit dieser Adresse erneut registrieren.',
  },
  emailChange: {
    confirmSubject: 'Bestätigen Sie Ihre neue {{product}}-E-Mail-Adresse',
    confirm:
      'Jemand (hoffentlich Sie) möchte {{email}} für ein {{product}}-Konto verwenden. Bestätigen Sie dies, um die Änderung vorzunehmen.',
    confirmAction: 'Neue Adresse bestätigen',
    confirmExpiry:
      'Dieser Link gilt einmal und läuft in 24 Stunden ab. Bis dahin bleibt die alte Adresse in Gebrauch.',
    requestedSubject: 'Eine Änderung Ihrer {{product}}-E-Mail-Adresse wurde angefordert',
    requested:
      'Die Änderung der Adresse Ihres {{product}}-Kontos von {{email}} auf {{newEmail}} wurde angefordert.',
    cancelIntro:
      'Wenn Sie das nicht waren, öffnen Sie den Link: Die Änderung wird abgebrochen (rückgängig gemacht, falls schon erfolgt), alle Sitzungen des Kontos werden abgemeldet, Apps verlieren ihren Zugriff, seitdem hinzugefügte zweite Schritte werden entfernt, und Sie legen ein neues Passwort fest.',
    cancelAction: 'Änderung abbrechen',
    inUseSubject: 'Jemand wollte diese Adresse für ein anderes {{product}}-Konto verwenden',
    inUse:
      'Jemand wollte ein anderes {{product}}-Konto auf {{email}} umstellen, das bereits ein eigenes Konto hat. Es hat sich nichts geändert: Eine Adresse gehört zu einem Konto. Wenn Sie ein zweites Konto haben, melden Sie sich dort an, um dessen Adresse zu ändern.',
    changedSubject: 'Ihre {{product}}-E-Mail-Adresse wurde geändert',
    changed:
      'Die Adresse Ihres {{product}}-Kontos lautet jetzt {{newEmail}} (bisher {{email}}). Wenn Sie das nicht waren, brechen Sie die Änderung innerhalb von 7 Tagen über den Link in der vorigen Nachricht ab.',
  },
  notices: {
    appAuthorizedSubject: '{{app}} darf jetzt Ihr {{product}}-Konto verwenden',
    appAuthorized:
      'Sie haben {{app}} erlaubt, Ihr {{product}}-Konto ({{email}}) zu verwenden. Sie können das jederzeit unter Einstellungen → Sicherheit → Verbundene Apps widerrufen.',
    newDeviceSubject: 'Neue Anmeldung bei Ihrem {{product}}-Konto',
    newDevice:
      'Bei {{email}} hat sich gerade ein Gerät angemeldet, das bisher nicht verwendet wurde: {{device}}, von {{ip}}, um {{time}}.',
    newDeviceWasYou: 'Wenn Sie das waren, ist nichts zu tun.',
    passwordChangedSubject: 'Ihr {{product}}-Passwort wurde geändert',
    passwordChanged:
      'Das Passwort von {{email}} wurde um {{time}} geändert. Ihre anderen Sitzungen wurden abgemeldet.',
    notYou:
      'Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und prüfen Sie dann Ihre verbundenen Apps und die Bestätigung in zwei Schritten unter Einstellungen → Sicherheit sowie die Mitglieder Ihrer Apps im Entwicklerprogramm.',
    action: 'Sicherheitseinstellungen prüfen',
    unknownPlace: 'einer unbekannten Adresse',
  },
  secondFactor: {
    removalSubject: 'Die Bestätigung in zwei Schritten wird in 7 Tagen deaktiviert',
    removal:
      'Jemand, der das Passwort von {{email}} kannte, gab an, alle zweiten Schritte verloren zu haben, und beantragte, die Bestätigung in zwei Schritten auszuschalten. Sie wird am {{date}} deaktiviert.',
    removalKeep:
      'Wenn Sie das nicht waren, melden Sie sich mit Ihrer Authentifizierungs-App, einem Wiederherstellungscode oder einem Passkey an oder wählen Sie unter Einstellungen → Sicherheit „Antrag abbrechen“: Die Bestätigung in zwei Schritten bleibt aktiv. Ändern Sie danach Ihr Passwort: Jemand kennt es.',
    addedSubject: 'Die Bestätigung in zwei Schritten ist für Ihr {{product}}-Konto aktiv',
    added:
      'Für {{email}} wurde ein neuer zweiter Schritt hinzugefügt: {{method}}. Bei der Anmeldung wird nach dem Passwort ein zweiter Schritt abgefragt.',
    passkeyAddedSubject: 'Ihrem {{product}}-Konto wurde ein Passkey hinzugefügt',
    passkeyAdded: 'Für {{email}} wurde ein Passkey hinzugefügt. Er meldet beim Konto ohne Passwort an.',
    passkeyRemovedSubject: 'Aus Ihrem {{product}}-Konto wurde ein Passkey entfernt',
    passkeyRemoved: 'Für {{email}} wurde ein Passkey entfernt. Er meldet nicht mehr an.',
    keptSubject: 'Die Bestätigung in zwei Schritten bleibt für Ihr {{product}}-Konto aktiv',
    kept: 'Die Anfrage, die Bestätigung in zwei Schritten für {{email}} abzuschalten, wurde abgebrochen. Bei der Anmeldung wird weiterhin nach dem Passwort ein zweiter Schritt abgefragt.',
    removedSubject: 'Ein zweiter Schritt wurde aus Ihrem {{product}}-Konto entfernt',
    removed: 'Die {{method}} wurde aus den zweiten Schritten von {{email}} entfernt.',
    regeneratedSubject: 'Neue Wiederherstellungscodes für Ihr {{product}}-Konto',
    regenerated: 'Für {{email}} wurden neue Wiederherstellungscodes erstellt. Die alten gelten nicht mehr.',
    codeUsedSubject: 'Ein Wiederherstellungscode Ihres {{product}}-Kontos wurde verwendet',
    codeUsed:
      'Ein Wiederherstellungscode von {{email}} wurde verwendet, zur Anmeldung oder zur Bestätigung Ihrer Identität.',
    codesLeft: 'Verbleibende Wiederherstellungscodes: {{count}}.',
    lastCodeUsed:
      'Das war der letzte: Erstellen Sie unter Einstellungen → Sicherheit neue Codes, damit Sie nie ausgesperrt werden.',
    authenticatorApp: 'Authentifizierungs-App',
    action: 'Sicherheitseinstellungen prüfen',
    passkeyNotYou:
      'Wenn Sie das nicht waren, kennt jemand Ihr Passwort: Setzen Sie es sofort zurück (das Zurücksetzen entfernt auch alle Passkeys).',
    notYou:
      'Wenn Sie das nicht waren, kennt jemand Ihr Passwort: Setzen Sie es sofort zurück. Hat diese Person eine Authenticator-App aktiviert, die Sie nicht haben, wird die Anmeldung danach fragen: Wählen Sie beim zweiten Schritt „Authenticator-App und Wiederherstellungscodes verloren?“ (möglich ab 7 Tagen nach einem Zurücksetzen; die Bestätigung in zwei Schritten wird dann 7 Tage später abgeschaltet).',
  },
};
