import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './pages.en';

export default {
  updated: 'Zuletzt aktualisiert: {{date}}',
  signUp: 'Konto erstellen',
  about: {
    eyebrow: 'Unternehmen',
    title: `Über ${PRODUCT_NAME}`,
    lead: `${PRODUCT_NAME} ist ein Konto für eine ganze Reihe von Diensten – und eine Anmeldung, die auch andere Apps nutzen können.`,
    sections: [
      {
        title: 'Ein Konto',
        body: 'Registrieren Sie sich mit Ihrer E-Mail-Adresse, bestätigen Sie sie und nutzen Sie dasselbe Konto für jeden Dienst: CloudBliss (Speicher), Voge (Chat), Sokuwe (virtuelle Umgebungen), Luupz (Lernen) und Taskcel (Teamaufgaben). Einige sind noch in Entwicklung oder kommen demnächst; ihre Karten auf der Startseite zeigen, welche.',
      },
      {
        title: 'Bei anderen Apps anmelden',
        body: `${PRODUCT_NAME} ist ein OAuth-2.0- und OpenID-Connect-Anbieter. Entwickler registrieren ihre Apps im Entwicklerprogramm. Fragt eine App nach Ihren Daten, zeigt ${PRODUCT_NAME} Ihnen, was sie möchte, und Sie erlauben oder verweigern es; den Zugriff können Sie jederzeit in den Einstellungen zurücknehmen.`,
      },
      {
        title: 'Datenschutz von Anfang an',
        body: 'Passwörter werden nur als argon2id-Hashes gespeichert, Links und Tokens nur als Hashes, App-Geheimnisse verschlüsselt. Keine Werbung, keine Analyse, keine Skripte fremder Websites. Die Seite Datenschutz sagt genau, was wie lange gespeichert wird.',
      },
      {
        title: 'Jung – und ehrlich damit',
        body: `${PRODUCT_NAME} ist gerade gestartet. Die Oberfläche spricht Englisch, Spanisch, Französisch und Deutsch, und Zwei-Schritt-Verifizierung und Passkeys schützen Ihr Konto schon heute; der Rest der Dienste kommt, sobald er fertig ist.`,
      },
    ],
  },
  careers: {
    eyebrow: 'Unternehmen',
    title: 'Karriere',
    lead: 'Derzeit gibt es keine offenen Stellen.',
    body: `Wenn ${PRODUCT_NAME} einstellt, stehen die Stellen auf dieser Seite, jeweils mit der Aufgabe und dem Weg zur Bewerbung. Bis dahin gibt es nichts, worauf Sie sich bewerben könnten, und wir sammeln keine Bewerbungen im Voraus.`,
    follow: 'Sie möchten erfahren, wenn sich das ändert? Die Seite Kontakt sagt, wo Sie uns finden.',
    contact: 'Kontakt',
  },
  blog: {
    eyebrow: 'Unternehmen',
    title: 'Blog',
    lead: 'Noch keine Beiträge.',
    body: `Neuigkeiten zu ${PRODUCT_NAME} erscheinen hier. Bis zum ersten Beitrag sagt die Seite Kontakt, wo Sie uns folgen können.`,
    contact: 'Kontakt',
  },
  contact: {
    eyebrow: 'Unternehmen',
    title: 'Kontakt',
    lead: `Wie Sie Hilfe bekommen und das ${PRODUCT_NAME}-Team erreichen.`,
    account: {
      title: 'Hilfe zu Ihrem Konto',
      body: 'Das meiste können Sie jederzeit selbst erledigen:',
      forgot: 'Passwort vergessen? Link zum Zurücksetzen anfordern',
      settings: 'Sitzungen, verbundene Apps, Ihre Daten und das Löschen des Kontos: Einstellungen',
    },
    security: {
      title: 'Etwas, das Sie nicht getan haben?',
      body: 'Zeigt Einstellungen → Sicherheit eine Anmeldung oder Änderung, die nicht von Ihnen stammt, ändern Sie dort Ihr Passwort und melden Sie alle anderen Sitzungen ab.',
    },
    developers: {
      title: 'Entwickler',
      body: 'Die Dokumentation des Entwicklerprogramms beschreibt den Autorisierungsablauf, die Endpunkte und Codebeispiele.',
      link: 'Entwicklerdokumentation',
    },
    team: {
      title: 'Alles andere',
      body: 'Schreiben Sie dem Team dort, wo wir sind:',
    },
  },
  terms: {
    eyebrow: 'Rechtliches',
    title: 'Nutzungsbedingungen',
    lead: `Die Regeln für die Nutzung von ${PRODUCT_NAME}, in einfachen Worten.`,
    sections: [
      {
        title: 'Ihr Konto',
        body: 'Ein Konto zu erstellen ist kostenlos. Verwenden Sie eine E-Mail-Adresse, die Ihnen gehört, behalten Sie Ihr Passwort für sich und schalten Sie die Zwei-Schritt-Verifizierung ein, wenn Sie können: Was mit Ihrem Konto geschieht, geschieht in Ihrem Namen.',
      },
      {
        title: 'Faire Nutzung',
        body: 'Versuchen Sie nicht, in fremde Konten zu gelangen, den Dienst zu überlasten oder ihn für Gesetzesverstöße zu nutzen. Anmelde-, Registrierungs- und Zurücksetzungsversuche sind begrenzt, um alle zu schützen.',
      },
      {
        title: `Apps, die ${PRODUCT_NAME} nutzen`,
        body: 'Eine im Entwicklerprogramm registrierte App kann bis zu ihrer Freigabe nur ihr Entwickler nutzen; eine abgelehnte App funktioniert nicht mehr. Eine App erhält nur, was Sie auf dem Zustimmungsbildschirm erlauben, und was sie damit tut, regeln ihre eigenen Bedingungen. Ihren Zugriff können Sie in den Einstellungen widerrufen.',
      },
      {
        title: 'Ihre Daten',
        body: 'Ihr Profil, Ihr Bild und alles andere, was Sie uns geben, gehören weiter Ihnen. Sie werden nur für den Betrieb des Dienstes verwendet, wie die Seite Datenschutz beschreibt, und Sie können sie herunterladen oder mit Ihrem Konto löschen.',
      },
      {
        title: 'Die Dienste',
        body: 'Dienste mit der Markierung „In Entwicklung“ oder „Demnächst“ sind noch nicht verfügbar.',
      },
      {
        title: 'Kündigen',
        body: 'Sie können Ihr Konto jederzeit unter Einstellungen → Konto löschen. Es wird sofort gelöscht, mit allem, was über Sie gespeichert ist.',
      },
      {
        title: 'Keine Garantien',
        body: `${PRODUCT_NAME} ist ein junger Dienst und wird so bereitgestellt, wie er ist. Wir arbeiten daran, dass er läuft und Ihre Daten sicher sind, können aber nicht versprechen, dass er nie unterbrochen wird.`,
      },
      {
        title: 'Änderungen',
        body: 'Ändern sich diese Bedingungen, ändert sich diese Seite mit ihnen, und das Datum unten sagt, wann.',
      },
    ],
  },
} satisfies Translation<typeof en>;
