import { registerNamespace } from '@/lib/i18n';

export const onboardingEn = {
  steps: ['Account', 'Identity', 'Personalize'],
  identity: {
    title: 'Set Up Your Identity',
    subtitle: 'Step 2 of 3',
    picture: 'Profile picture',
    pictureHint: 'PNG, JPEG, WebP or GIF, up to 5 MB (optional)',
    choosePicture: 'Choose picture',
    fullName: 'Full Name',
    fullNamePlaceholder: 'Jane Doe',
    username: 'Username',
    usernamePlaceholder: 'janedoe',
    usernameAvailable: 'Username is available',
    dateOfBirth: 'Date of Birth',
    bio: 'About Me',
    bioPlaceholder: 'Tell us a little about yourself (optional)',
    submit: 'Continue',
    busy: 'Saving...',
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

registerNamespace('onboarding', onboardingEn);
