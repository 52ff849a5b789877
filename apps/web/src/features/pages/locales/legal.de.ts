import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './legal.en';

// Durations are filled in by Intl in the nominative ('30 Tage'): the sentences are built around that.
export default {
  privacy: {
    eyebrow: 'Rechtliches',
    title: 'Datenschutz',
    lead: `Was ${PRODUCT_NAME} über Sie speichert, warum, wo, wie lange und wer es sehen kann.`,
    summary: {
      title: 'Kurz gesagt',
      points: [
        'Wir speichern, was ein Konto zum Funktionieren braucht, und nichts für Werbung.',
        'Keine Analyse, keine Tracker, keine Skripte oder Schriften fremder Websites.',
        'Passwörter, Links und Tokens werden nur als Hashes gespeichert, die sich nicht zurückrechnen lassen.',
        'Sie können jederzeit alles herunterladen, was wir über Sie haben, oder alles löschen.',
      ],
    },
    stored: {
      title: 'Was wir speichern, warum und wie lange',
      what: 'Was',
      why: 'Warum',
      kept: 'Dauer',
      items: {
        account: {
          title: 'Ihr Konto',
          what: 'Ihre E-Mail-Adresse, Ihr Passwort als argon2id-Hash (nie das Passwort selbst), wann die Adresse bestätigt und wann das Konto erstellt wurde.',
          why: 'Um Sie anzumelden und Ihnen die E-Mails zu senden, die Ihr Konto braucht.',
          kept: 'Bis Sie Ihr Konto löschen.',
        },
        profile: {
          title: 'Profil und Einstellungen',
          what: 'Vollständiger Name, Benutzername, Geburtsdatum, Biografie, Profilbild (neu kodiert, ohne Metadaten), Design, Sprache, Interessen und die Dienste, die Sie beansprucht haben.',
          why: 'Um Ihr Profil zu zeigen und die Website nach Ihren Wünschen einzurichten.',
          kept: 'Bis Sie sie ändern oder Ihr Konto löschen.',
        },
        sessions: {
          title: 'Sitzungen',
          what: 'Für jeden Browser, in dem Sie angemeldet sind: Gerätetyp, System, Browser, IP-Adresse, Beginn und letzte Aktivität. Das Token der Sitzung nur als Hash.',
          why: 'Damit Sie angemeldet bleiben und Ihre Sitzungen unter Einstellungen → Sicherheit sehen und beenden können.',
          kept: '{{idle}} nach der letzten Nutzung, oder {{ended}} nach der Abmeldung.',
        },
        signIns: {
          title: 'Anmeldeverlauf',
          what: 'Der Zeitpunkt jeder Anmeldung, mit Gerät, System, Browser, der vollständigen Browserkennung (User-Agent) und der IP-Adresse.',
          why: 'Damit Sie eine Anmeldung erkennen, die nicht von Ihnen war (Einstellungen → Sicherheit).',
          kept: '{{days}}.',
        },
        security: {
          title: 'Sicherheitsaktivität',
          what: 'Ereignisse wie Passwortänderungen, fehlgeschlagene Anmeldeversuche, autorisierte oder widerrufene Apps, hinzugefügte oder entfernte zweite Faktoren und Datendownloads, mit Zeitpunkt und IP-Adresse.',
          why: 'Damit Sie sehen, was mit Ihrem Konto geschehen ist (Einstellungen → Sicherheit).',
          kept: '{{days}}.',
        },
        notifications: {
          title: 'Benachrichtigungen',
          what: 'Die Hinweise der Glocke: eine neue Anmeldung (mit Browser, System und IP-Adresse), ein geändertes Passwort, eine erlaubte App, ein geänderter zweiter Faktor, und ob Sie jeden gelesen haben.',
          why: 'Damit das Konto Ihnen dort, wo Sie zuerst hinsehen, mitteilt, was für seine Sicherheit zählt.',
          kept: '{{days}}.',
        },
        factors: {
          title: 'Zwei-Schritt-Verifizierung',
          what: 'Das Geheimnis der Authenticator-App (verschlüsselt), Ihre Wiederherstellungscodes (nur als Hashes) und Ihre Passkeys (öffentlicher Schlüssel, Name, Nutzungszähler, letzte Nutzung).',
          why: 'Um Ihren zweiten Faktor bei der Anmeldung zu prüfen.',
          kept: 'Bis Sie sie ausschalten oder entfernen.',
        },
        links: {
          title: 'Links per E-Mail',
          what: 'Links zur Bestätigung, zum Zurücksetzen des Passworts und zur Adressänderung, als Hashes.',
          why: 'Um einen Link beim Öffnen zu prüfen, ein einziges Mal.',
          kept: '{{days}} nach Verwendung oder Ablauf des Links; eine Adressänderung {{change}} nach ihrer Bestätigung (oder Anfrage, wenn sie nie bestätigt wird).',
        },
        mail: {
          title: 'E-Mails, die wir Ihnen senden',
          what: 'Jede Nachricht (Adresse, Betreff, Text) wartet in einer Warteschlange, bis sie zugestellt ist.',
          why: 'Damit keine Nachricht verloren geht, solange der Mailserver nicht erreichbar ist.',
          kept: 'Der Text bis zur Zustellung (oder bis zur Aufgabe nach etwa einem Tag erneuter Versuche); Adresse und Betreff bis {{hours}} nach dem Einreihen.',
        },
        limits: {
          title: 'Schutz vor Missbrauch',
          what: 'Zähler für Anmelde-, Registrierungs-, Wiederholungs- und Zurücksetzungsversuche, je E-Mail-Adresse und je IP-Adresse; und für Ihre Uploads, Registrierungen von Apps und APIs und hinzugefügte Mitglieder, je Konto.',
          why: 'Um das Erraten von Passwörtern und E-Mail-Fluten zu stoppen.',
          kept: '{{min}} bis {{max}} (ein Tag für den, der höchstens eine E-Mail am Tag über eine pausierte Anmeldung sendet); die je Konto bis zu einem Tag, und sie werden mit dem Konto gelöscht.',
        },
        apps: {
          title: 'Apps, die Sie autorisieren',
          what: 'Welche App, welche Berechtigungen Sie erteilt haben und wann. Die für die App ausgestellten Codes und Tokens nur als Hashes.',
          why: 'Damit die App Sie anmelden kann, ohne jedes Mal zu fragen; Sie sehen sie unter Verbundene Apps in Einstellungen → Sicherheit.',
          kept: `Bis Sie die App dort widerrufen, höchstens {{grant}}. Zugriffstokens {{access}}, Aktualisierungstokens {{refresh}}, die Anmeldesitzung für Apps {{session}} (ihr Eintrag bis zum Ende Ihrer ${PRODUCT_NAME}-Anmeldung, damit eine Abmeldung auch die Tokens der Apps beendet).`,
        },
        developer: {
          title: 'Entwicklerprogramm',
          what: 'Wenn Sie Apps registrieren: Name, Beschreibung, Logo und Adressen, ihr Geheimnis (verschlüsselt) und Nutzungsereignisse (welche Aktion, wann und für welches Konto, um eindeutige Nutzer zu zählen; Entwickler sehen nur Zahlen).',
          why: 'Um Ihre Apps zu betreiben und ihre Statistiken zu zeigen.',
          kept: 'Apps, bis Sie sie löschen; Nutzungsereignisse {{days}}, danach nur Summen pro Aktion.',
        },
        logs: {
          title: 'Serverprotokolle',
          what: 'Für jede Anfrage: die Methode, die Adresse ohne Abfrageteil, der Status, die Dauer und eine Anfrage-ID. Keine IP-Adresse, keine Passwörter, keine Tokens.',
          why: 'Um die Ursache eines Fehlers zu finden, den Sie melden.',
          kept: 'So lange, wie der Protokollspeicher des Betreibers sie aufbewahrt.',
        },
      },
    },
    where: {
      title: 'Wo es gespeichert wird',
      body: `Alles liegt in der PostgreSQL-Datenbank dieser ${PRODUCT_NAME}-Website; Profilbilder und App-Logos in ihrem Dateispeicher (die Festplatte des Servers oder ein privater S3-kompatibler Bucket). E-Mails gehen über den Mailserver hinaus, den der Betreiber der Website eingerichtet hat. Nichts wird verkauft oder an Werbetreibende weitergegeben.`,
    },
    who: {
      title: 'Wer es sehen kann',
      you: 'Sie: alles, in den Einstellungen, und in einer Datei mit „Ihre Daten herunterladen“ (Einstellungen → Konto).',
      apps: 'Apps, denen Sie es erlauben: nur, was Sie auf dem Zustimmungsbildschirm freigegeben haben. Mit „profile“ Ihren Namen, Benutzernamen und Ihr Bild; mit „email“ Ihre Adresse und ob sie bestätigt ist. Was die App behält, unterliegt dann ihrer eigenen Datenschutzerklärung.',
      others:
        'Andere Menschen: Es gibt kein öffentliches Profil, und niemand kann Ihre Angaben nachschlagen. Ihr Bild liegt unter einer langen, nirgends veröffentlichten Adresse: Wer diese Adresse hat (etwa eine App, der Sie es erlaubt haben), kann es öffnen.',
      operator:
        'Der Betreiber der Website: Die Menschen, die diese Website betreiben, können auf Datenbank und Dateien zugreifen, um den Dienst am Laufen zu halten. Passwörter, Links und Tokens sind Hashes, die sie nicht zurückrechnen können; Geheimnisse sind verschlüsselt.',
    },
    choices: {
      title: 'Ihre Möglichkeiten',
      body: 'In den Einstellungen können Sie jederzeit Ihr Profil ändern, Sitzungen beenden, Apps widerrufen und Ihre Daten herunterladen. Das Löschen Ihres Kontos entfernt sofort alles oben Genannte, außer E-Mails, die bereits an Sie unterwegs sind (zugestellt und spätestens {{hours}} danach gelöscht), und Versuchszählern (weg, sobald ihr Zeitfenster endet). Über ein gelöschtes Konto wird nichts aufbewahrt.',
      settings: 'Einstellungen öffnen',
    },
    cookies: {
      title: 'Cookies und Browserspeicher',
      body: 'Welche Cookies die Website setzt und was sie in Ihrem Browser ablegt, steht auf der Seite Cookies.',
      link: 'Cookies',
    },
  },
  cookies: {
    eyebrow: 'Rechtliches',
    title: 'Cookies',
    lead: `${PRODUCT_NAME} setzt nur die Cookies, die es braucht, um Sie anzumelden und Ihr Konto zu schützen. Keine Werbe- oder Analyse-Cookies und keine von fremden Websites.`,
    flags: `Jedes ist HttpOnly (Skripte der Seite können es nicht lesen), wird nur an den Teil der Website gesendet, der es braucht (sein Pfad), und ist Secure, wenn die Website über HTTPS läuft; dann tragen die vier von ${PRODUCT_NAME} gesetzten das Präfix __Host- (__Host-omnia_refresh, …) und gehen an die ganze Website (/): So nimmt Ihr Browser sie nur von dieser Website an, nie von einer anderen unter derselben Domain. Der Besuch einer Seite setzt keines: Sie entstehen bei Registrierung, Anmeldung oder der Autorisierung einer App.`,
    listTitle: 'Die Cookies',
    lifetime: 'Lebensdauer',
    path: 'Gesendet an',
    sameSite: 'SameSite',
    signed: 'mit seiner Signatur {{name}}',
    setBy: { accounts: `Gesetzt von ${PRODUCT_NAME}`, engine: 'Gesetzt vom Anmeldedienst für Apps (OAuth)' },
    purposes: {
      omnia_refresh:
        'Hält Sie angemeldet: das Aktualisierungstoken Ihrer Sitzung, das bei jeder Verwendung durch ein neues ersetzt wird.',
      omnia_engine:
        'Nennt dem Anmeldedienst für Apps Ihre Sitzung, damit eine App nie als jemand anderes angemeldet wird als die Person, die hier angemeldet ist.',
      omnia_verify:
        'Sorgt dafür, dass der Bestätigungslink Sie nur in dem Browser anmeldet, mit dem Sie sich registriert haben.',
      omnia_two_step: 'Merkt sich, dass Ihr Passwort richtig war, während Sie Ihren zweiten Faktor eingeben.',
      _session:
        'Die eigene Sitzung des Anmeldedienstes, damit die Apps, denen Sie es erlaubt haben, Sie ohne erneute Nachfrage anmelden können.',
      _interaction: 'Verbindet den Zustimmungsbildschirm mit der Anfrage der App, während Sie entscheiden.',
      _interaction_resume: 'Bringt Sie nach Ihrer Entscheidung zur Anfrage der App zurück.',
    },
    storage: {
      title: 'Im Speicher Ihres Browsers (keine Cookies)',
      body: 'Diese Einträge bleiben in Ihrem Browser und werden nie an den Server gesendet. Wenn Sie die Daten der Website in Ihrem Browser löschen, verschwinden sie.',
      items: {
        'omnia-theme': 'Ihr Design (dunkel oder hell), angewendet, bevor die Seite erscheint.',
        'omnia-language': 'Die Sprache, die Sie in diesem Browser gewählt haben.',
        hasSeenAnimation: 'Die Begrüßungsanimation wurde gezeigt und erscheint nicht noch einmal.',
        launchCelebrationShown: 'Die Startnachricht wurde geschlossen und erscheint nicht noch einmal.',
        claimedServices:
          'Eine Kopie der Dienste, die Sie beansprucht haben (die eigentliche Liste liegt in Ihrem Konto); beim Abmelden entfernt.',
        'omnia-authorize-handoff':
          'Für ein paar Sekunden, während die Anfrage einer App an den Server übergeben wird, damit eine gescheiterte Übergabe keine Schleife erzeugt (Sitzungsspeicher: weg, sobald der Tab geschlossen wird).',
      },
      token:
        'Ihr Zugriffstoken existiert nur im Arbeitsspeicher der Seite und wird nie gespeichert: Es ist weg, sobald Sie den Tab schließen.',
    },
    manage: {
      title: 'Cookies verwalten',
      body: 'Sie können diese Cookies jederzeit in den Einstellungen Ihres Browsers löschen: Dann sind Sie abgemeldet. Sie sind unbedingt erforderlich, daher gibt es nichts ein- oder abzuwählen; wer sie blockiert, kann sich nicht anmelden.',
    },
  },
} satisfies Translation<typeof en>;
