import type { Translation } from '@/lib/i18n';
import type en from './onboarding.en';

export default {
  steps: ['Cuenta', 'Identidad', 'Personalizar'],
  identity: {
    title: 'Configura tu identidad',
    subtitle: 'Paso 2 de 3',
    submit: 'Continuar',
  },
  setup: {
    title: 'Personaliza tu experiencia',
    subtitle: 'Paso 3 de 3',
    theme: 'Tema',
    dark: 'Modo oscuro',
    light: 'Modo claro',
    language: 'Idioma',
    interests: 'Intereses',
    interestsHint: 'Opcional: elige lo que te gusta',
    submit: 'Terminar y ir al panel',
    busy: 'Terminando…',
  },
} satisfies Translation<typeof en>;
