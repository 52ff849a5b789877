export default {
  steps: ['Account', 'Identity', 'Personalize'],
  identity: {
    title: 'Set Up Your Identity',
    subtitle: 'Step 2 of 3',
    submit: 'Continue',
  },
  setup: {
    title: 'Personalize Your Experience',
    subtitle: 'Step 3 of 3',
    theme: 'Theme',
    dark: 'Dark Mode',
    light: 'Light Mode',
    language: 'Language',
    interests: 'Interests',
    interestsHint: 'Optional: pick what you like',
    submit: 'Finish Setup & Go to Dashboard',
    busy: 'Finishing...',
  },
};
