import type { Translation } from '@/lib/i18n';
import type en from './errors.en';

/** The server's public error texts in German, by error code. */
export default {
  validation_failed: 'Die Anfrage ist ungültig',
  invalid_json: 'Der Inhalt der Anfrage ist kein gültiges JSON',
  payload_too_large: 'Der Inhalt der Anfrage ist zu groß',
  unauthenticated: 'Benutzer nicht authentifiziert',
  invalid_credentials: 'E-Mail-Adresse oder Passwort ist falsch',
  email_not_confirmed: 'E-Mail-Adresse nicht bestätigt',
  email_taken: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse',
  username_taken: 'Dieser Benutzername ist bereits vergeben',
  invalid_token: 'Dieser Link ist ungültig oder abgelaufen',
  verify_password_required:
    'Legen Sie ein Passwort für dieses Konto fest, um die Bestätigung in diesem Browser abzuschließen',
  session_expired: 'Ihre Sitzung ist abgelaufen, bitte melden Sie sich erneut an',
  wrong_password: 'Das aktuelle Passwort ist falsch',
  weak_password: 'Dieses Passwort ist zu leicht zu erraten. Fügen Sie weitere Wörter oder Zeichen hinzu.',
  password_unchanged: 'Wählen Sie ein neues Passwort, nicht das, das Sie jetzt verwenden',
  invalid_code: 'Dieser Code ist ungültig. Prüfen Sie ihn und versuchen Sie es erneut.',
  two_step_expired: 'Die Anmeldung hat zu lange gedauert. Geben Sie E-Mail-Adresse und Passwort erneut ein.',
  second_factor_required: 'Bestätigen Sie mit Ihrer Authentifizierungs-App oder einem Wiederherstellungscode',
  step_up_required: 'Bestätigen Sie, dass Sie es sind, um fortzufahren',
  totp_already_enabled: 'Eine Authentifizierungs-App ist bereits eingerichtet',
  totp_not_started: 'Beginnen Sie die Einrichtung der Authentifizierungs-App erneut',
  no_second_factor: 'Richten Sie zuerst die Bestätigung in zwei Schritten ein',
  recovery_after_reset:
    'Eine Kontowiederherstellung kann 7 Tage nach dem Zurücksetzen des Passworts per E-Mail beantragt werden. Wenn Sie Ihren zweiten Schritt noch haben, melden Sie sich damit an.',
  passkey_invalid: 'Dieser Passkey konnte nicht verwendet werden. Versuchen Sie es erneut.',
  email_unchanged: 'Das ist bereits Ihre E-Mail-Adresse',
  rate_limited: 'Zu viele Versuche, bitte versuchen Sie es später erneut',
  resend_cooldown: 'Bitte warten Sie, bevor Sie eine weitere E-Mail anfordern',
  forbidden: 'Sie haben keinen Zugriff auf diese Ressource',
  not_found: 'Nicht gefunden',
  client_changed:
    'Die App hat sich geändert, seit sie aufgelistet wurde: Listen Sie die Clients erneut auf und genehmigen Sie, was Sie sehen',
  client_links_missing:
    'Die App braucht eine Startseite, eine Datenschutzerklärung und Nutzungsbedingungen, bevor sie freigegeben wird',
  service_unavailable: 'Dieser Dienst ist bald verfügbar und kann noch nicht beansprucht werden.',
  unsupported_media_type: 'Nur PNG-, JPEG-, WebP- und GIF-Bilder werden akzeptiert',
  image_too_large: 'Bilder dürfen höchstens 5 MB groß sein',
  invalid_image: 'Das Bild konnte nicht gelesen werden',
  changed_meanwhile:
    'Dies wurde im selben Moment anderswo geändert. Laden Sie neu und versuchen Sie es erneut.',
  authenticator_unreadable:
    'Ihre Authenticator-App kann nicht mehr geprüft werden: Verwenden Sie einen Wiederherstellungscode oder einen Passkey und richten Sie sie dann neu ein',
  secret_unreadable:
    'Dieses Geheimnis kann nicht mehr gelesen werden: erneuern Sie es, um ein neues zu erhalten',
  database_unavailable: 'Der Dienst ist vorübergehend nicht verfügbar, bitte versuchen Sie es erneut',
  internal: 'Ein unerwarteter Fehler ist aufgetreten',
  network: 'Netzwerkfehler, bitte prüfen Sie Ihre Verbindung',
  rateLimitedIn: 'Zu viele Versuche. Bitte versuchen Sie es {{when}} erneut.',
} satisfies Translation<typeof en>;
