import type { Translation } from '@/lib/i18n';
import type en from './onboarding.en';

export default {
  steps: ['Konto', 'Identität', 'Personalisieren'],
  identity: {
    title: 'Identität einrichten',
    subtitle: 'Schritt 2 von 3',
    submit: 'Weiter',
  },
  setup: {
    title: 'Personalisieren Sie Ihr Erlebnis',
    subtitle: 'Schritt 3 von 3',
    theme: 'Design',
    dark: 'Dunkler Modus',
    light: 'Heller Modus',
    language: 'Sprache',
    interests: 'Interessen',
    interestsHint: 'Optional: Wählen Sie aus, was Ihnen gefällt',
    submit: 'Einrichtung abschließen & zum Dashboard',
    busy: 'Wird abgeschlossen …',
  },
} satisfies Translation<typeof en>;
