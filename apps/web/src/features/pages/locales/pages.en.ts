import { PRODUCT_NAME } from '@omnia/contracts/constants';

/** The footer's Company pages and the Terms (the `legal` namespace has Privacy and Cookies). */
export default {
  updated: 'Last updated {{date}}',
  signUp: 'Create your account',
  about: {
    eyebrow: 'Company',
    title: `About ${PRODUCT_NAME}`,
    lead: `${PRODUCT_NAME} is one account for a suite of services, and a sign-in that other apps can use.`,
    sections: [
      {
        title: 'One account',
        body: 'Sign up with your e-mail address, verify it, and use the same account for every service in the suite: CloudBliss (storage), Voge (chat), Sokuwe (virtual environments), Luupz (learning) and Taskcel (team tasks). Some of them are still in development or coming soon; their cards on the home page say which.',
      },
      {
        title: 'Sign in to other apps',
        body: `${PRODUCT_NAME} is an OAuth 2.0 and OpenID Connect provider. Developers register their apps in the Developer Program. When an app asks for your data, ${PRODUCT_NAME} shows you what it wants, and you allow or deny it; you can take access back at any time in Settings.`,
      },
      {
        title: 'Private by design',
        body: 'Passwords are kept only as argon2id hashes, links and tokens only as hashes, app secrets encrypted. No advertising, no analytics, no scripts from other sites. The Privacy page says exactly what is stored and for how long.',
      },
      {
        title: 'Young, and honest about it',
        body: `${PRODUCT_NAME} has just launched. The interface speaks English, Spanish, French and German, and two-step verification and passkeys protect your account today; more of the suite arrives as it is ready.`,
      },
    ],
  },
  careers: {
    eyebrow: 'Company',
    title: 'Careers',
    lead: 'There are no open positions at the moment.',
    body: `When ${PRODUCT_NAME} hires, the openings will be listed on this page, each with what the job is and how to apply. Until then there is nothing to apply for, and we do not collect applications in advance.`,
    follow: 'Want to hear when that changes? The Contact page says where to find us.',
    contact: 'Contact',
  },
  blog: {
    eyebrow: 'Company',
    title: 'Blog',
    lead: 'No posts yet.',
    body: `News about ${PRODUCT_NAME} will be posted here. Until the first post, the Contact page says where to follow us.`,
    contact: 'Contact',
  },
  contact: {
    eyebrow: 'Company',
    title: 'Contact',
    lead: `How to get help and how to reach the ${PRODUCT_NAME} team.`,
    account: {
      title: 'Help with your account',
      body: 'Most things you can do yourself, at any time:',
      forgot: 'Forgot your password? Get a reset link',
      settings: 'Sessions, connected apps, your data and deleting your account: Settings',
    },
    security: {
      title: 'Something you did not do?',
      body: 'If Settings → Security shows a sign-in or a change that was not you, change your password there and sign out all other sessions.',
    },
    developers: {
      title: 'Developers',
      body: 'The Developer Program’s documentation covers the authorization flow, the endpoints and code examples.',
      link: 'Developer documentation',
    },
    team: {
      title: 'Everything else',
      body: 'Write to the team where we are:',
    },
  },
  terms: {
    eyebrow: 'Legal',
    title: 'Terms of use',
    lead: `The rules for using ${PRODUCT_NAME}, in plain words.`,
    sections: [
      {
        title: 'Your account',
        body: 'Creating an account is free. Use an e-mail address that is yours, keep your password to yourself, and turn on two-step verification if you can: what is done with your account is done in your name.',
      },
      {
        title: 'Fair use',
        body: 'Do not try to get into accounts that are not yours, flood the service, or use it to break the law. Sign-in, sign-up and reset attempts are limited to protect everyone.',
      },
      {
        title: `Apps that use ${PRODUCT_NAME}`,
        body: 'An app registered in the Developer Program can be used only by its developer until it is approved; a rejected app stops working. An app gets only what you allow on the consent screen, and what it does with it is governed by its own terms. You can revoke its access in Settings.',
      },
      {
        title: 'Your data',
        body: 'Your profile, your picture and everything else you give us stay yours. They are used only to run the service, as the Privacy page describes, and you can download them or delete them with your account.',
      },
      {
        title: 'Services in the suite',
        body: 'Services marked “Under Development” or “Coming Soon” are not available yet.',
      },
      {
        title: 'Leaving',
        body: 'You can delete your account at any time in Settings → Account. It is deleted at once, with everything stored about you.',
      },
      {
        title: 'No guarantees',
        body: `${PRODUCT_NAME} is a young service, provided as it is. We work to keep it running and your data safe, but we cannot promise that it will never be interrupted.`,
      },
      {
        title: 'Changes',
        body: 'When these terms change, this page changes with them, and the date below says when.',
      },
    ],
  },
};
