import type { Translation } from '@/lib/i18n';
import type en from './onboarding.en';

export default {
  steps: ['Compte', 'Identité', 'Personnalisation'],
  identity: {
    title: 'Configurez votre identité',
    subtitle: 'Étape 2 sur 3',
    submit: 'Continuer',
  },
  setup: {
    title: 'Personnalisez votre expérience',
    subtitle: 'Étape 3 sur 3',
    theme: 'Thème',
    dark: 'Mode sombre',
    light: 'Mode clair',
    language: 'Langue',
    interests: "Centres d'intérêt",
    interestsHint: 'Facultatif : choisissez ce qui vous plaît',
    submit: 'Terminer et aller au tableau de bord',
    busy: 'Finalisation…',
  },
} satisfies Translation<typeof en>;
