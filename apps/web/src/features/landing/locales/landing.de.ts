import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './landing.en';

export default {
  nav: { login: 'Anmelden', getStarted: 'Loslegen', home: `${PRODUCT_NAME} Startseite` },
  banner: {
    text: 'Startangebot: Jetzt registrieren und lebenslang kostenlosen Zugang zu Premium-Diensten erhalten.',
    cta: 'Startangebote entdecken',
    dismiss: 'Banner schließen',
  },
  hero: {
    eyebrow: 'Jetzt live',
    title: 'Ein Konto für',
    titleAccent: 'all Ihre Dienste',
    subtitle: `${PRODUCT_NAME} gibt Ihnen eine einzige, sichere Identität für Cloud-Speicher, Chat, virtuelle Umgebungen, Lernen und Team-Tools. Ein Konto ist kostenlos und in weniger als einer Minute erstellt.`,
    getStarted: 'Loslegen',
    explore: 'Dienste entdecken',
    verified: 'Verifiziert',
    trust: [
      'Für immer kostenloses Konto',
      'Ende-zu-Ende-verschlüsselter Speicher',
      'Bei Apps mit OAuth2 anmelden',
    ],
  },
  why: {
    title: `Warum ${PRODUCT_NAME}`,
    subtitle: 'Alles, was Sie brauchen, hinter einer Anmeldung, die Sie selbst kontrollieren.',
    security: {
      title: 'Sicherheit zuerst',
      body: 'Modernes Passwort-Hashing, bestätigte E-Mail-Adressen, kurzlebige Sitzungen und ein Zustimmungsdialog für jede App, die Ihre Daten sehen möchte.',
    },
    storage: {
      title: 'Unbegrenzter Speicher',
      body: 'Unbegrenzter verschlüsselter Cloud-Speicher mit CloudBliss. Ihre Dateien sind so verschlüsselt, dass selbst unsere Entwickler sie nicht lesen können.',
    },
    environments: {
      title: 'Virtuelle Umgebungen',
      body: 'Starten Sie mit Sokuwe temporäre virtuelle Maschinen und Testumgebungen – für Entwickler und ganze Teams.',
    },
  },
  founders: {
    title: 'Von den Gründern',
    subtitle: 'Warum wir es bauen.',
    quotes: [
      {
        quote:
          'Menschen jonglieren mit einem Dutzend Konten für ein Dutzend Tools. Wir wollten eine Identität, die Ihnen gehört, von Haus aus sicher ist und überall funktioniert, wo Sie arbeiten.',
        name: 'Amara Okafor',
        role: 'Mitgründerin & CEO',
        initials: 'AO',
      },
      {
        quote:
          'Datenschutz sollte keine Premium-Funktion sein. Alles, was wir speichern, ist verschlüsselt, und jede App muss fragen, bevor sie irgendetwas sieht.',
        name: 'Lukas Brenner',
        role: 'Mitgründer & CTO',
        initials: 'LB',
      },
    ],
  },
  services: {
    title: 'Unsere Dienste',
    subtitle: 'Ein Konto öffnet jeden einzelnen davon.',
    error: 'Die Dienste konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    needsJavaScript:
      'Die Liste der Dienste braucht JavaScript: Schalten Sie es in Ihrem Browser ein, um sie zu sehen.',
  },
  cta: {
    title: 'Bereit loszulegen?',
    body: 'Machen Sie jetzt mit und sichern Sie sich während unseres Starts lebenslang kostenlosen Zugang zu Premium-Diensten.',
    button: 'Konto erstellen',
  },
  intro: {
    steps: ['Ein Konto', 'Jeder Dienst', 'Privat von Grund auf', 'Für Sie gemacht'],
    welcome: `Willkommen bei ${PRODUCT_NAME}`,
    skip: 'Intro überspringen',
  },
  celebration: {
    title: 'Startfeier',
    steps: [
      'Wir starten!',
      `${PRODUCT_NAME} ist jetzt live!`,
      'Besondere Startangebote',
      'Ab sofort verfügbar!',
    ],
    bodies: [
      'Etwas Neues ist da.',
      'Ein Konto für jeden Dienst, ab heute.',
      'Lebenslang kostenloser Zugang zu Premium-Diensten für alle, die sich während des Starts registrieren.',
      'Erstellen Sie Ihr Konto und sichern Sie sich Ihre Dienste.',
    ],
    skip: 'Überspringen',
    explore: 'Dienste entdecken',
  },
} satisfies Translation<typeof en>;
