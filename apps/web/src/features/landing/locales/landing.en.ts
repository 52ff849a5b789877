import { PRODUCT_NAME } from '@omnia/contracts/constants';

export default {
  nav: { login: 'Login', getStarted: 'Get Started', home: `${PRODUCT_NAME} home` },
  banner: {
    text: 'Launch offer: sign up now and get free lifetime access to premium services.',
    cta: 'Explore Launch Offers',
    dismiss: 'Dismiss banner',
  },
  hero: {
    eyebrow: 'Now live',
    title: 'One account for',
    titleAccent: 'all your services',
    subtitle: `${PRODUCT_NAME} gives you a single, secure identity for cloud storage, chat, virtual environments, learning and team tools. Creating an account is free and takes under a minute.`,
    getStarted: 'Get Started',
    explore: 'Explore Services',
    verified: 'Verified',
    trust: ['Free forever account', 'End-to-end encrypted storage', 'Sign in to apps with OAuth2'],
  },
  why: {
    title: `Why Choose ${PRODUCT_NAME}`,
    subtitle: 'Everything you need, behind one login you control.',
    security: {
      title: 'Security first',
      body: 'Modern password hashing, verified e-mail, short-lived sessions and a consent screen for every app that asks for your data.',
    },
    storage: {
      title: 'Unlimited storage',
      body: 'Unlimited encrypted cloud storage with CloudBliss. Your files are encrypted so that even our developers cannot read them.',
    },
    environments: {
      title: 'Virtual environments',
      body: 'Spin up temporary virtual machines and test environments with Sokuwe, for developers and whole teams.',
    },
  },
  founders: {
    title: 'From the founders',
    subtitle: 'Why we are building it.',
    quotes: [
      {
        quote:
          'People juggle a dozen accounts for a dozen tools. We wanted one identity that is yours, secure by default, and works everywhere you do.',
        name: 'Amara Okafor',
        role: 'Co-founder & CEO',
        initials: 'AO',
      },
      {
        quote:
          'Privacy should not be a premium feature. Everything we store is encrypted, and every app has to ask before it sees a thing.',
        name: 'Lukas Brenner',
        role: 'Co-founder & CTO',
        initials: 'LB',
      },
    ],
  },
  services: {
    title: 'Our Services',
    subtitle: 'One account opens every one of them.',
    error: 'Services could not be loaded. Please try again later.',
    needsJavaScript: 'The list of services needs JavaScript: turn it on in your browser to see them.',
  },
  cta: {
    title: 'Ready to get started?',
    body: 'Join now and claim free lifetime access to premium services during our launch.',
    button: 'Create Your Account',
  },
  intro: {
    steps: ['One account', 'Every service', 'Private by design', 'Built for you'],
    welcome: `Welcome to ${PRODUCT_NAME}`,
    skip: 'Skip intro',
  },
  celebration: {
    title: 'Launch celebration',
    steps: ["We're Launching!", `${PRODUCT_NAME} is now live!`, 'Special Launch Offers', 'Available Now!'],
    bodies: [
      'Something new is here.',
      'One account for every service, starting today.',
      'Free lifetime access to premium services for everyone who signs up during the launch.',
      'Create your account and claim your services.',
    ],
    skip: 'Skip',
    explore: 'Explore Services',
  },
};
