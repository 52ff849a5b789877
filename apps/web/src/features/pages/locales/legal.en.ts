import { PRODUCT_NAME } from '@omnia/contracts/constants';

/**
 * The Privacy and Cookies pages. Durations are placeholders, filled from the contracts'
 * RETENTION_FACTS and SITE_COOKIES and written by Intl in the reader's language ('30 days').
 */
export default {
  privacy: {
    eyebrow: 'Legal',
    title: 'Privacy',
    lead: `What ${PRODUCT_NAME} stores about you, why, where, for how long, and who can see it.`,
    summary: {
      title: 'In short',
      points: [
        'We store what an account needs to work, and nothing for advertising.',
        'No analytics, no trackers, no scripts or fonts from other sites.',
        'Passwords, links and tokens are stored only as hashes that cannot be turned back.',
        'You can download everything we hold about you, or delete it all, at any time.',
      ],
    },
    stored: {
      title: 'What we store, why, and for how long',
      what: 'What',
      why: 'Why',
      kept: 'Kept',
      items: {
        account: {
          title: 'Your account',
          what: 'Your e-mail address, your password as an argon2id hash (never the password itself), when the address was verified and when the account was created.',
          why: 'To sign you in and to send you the e-mails your account needs.',
          kept: 'Until you delete your account.',
        },
        profile: {
          title: 'Profile and preferences',
          what: 'Full name, username, date of birth, bio, profile picture (re-encoded, its metadata removed), theme, language, interests and the services you claimed.',
          why: 'To show your profile and set up the site your way.',
          kept: 'Until you change them or delete your account.',
        },
        sessions: {
          title: 'Sessions',
          what: 'For each browser you are signed in on: device type, system, browser, IP address, when it started and when it was last active. The session’s token only as a hash.',
          why: 'To keep you signed in, and so you can see and end your sessions in Settings → Security.',
          kept: '{{idle}} after last use, or {{ended}} after you sign out.',
        },
        signIns: {
          title: 'Sign-in history',
          what: 'The time of each sign-in, with the device, system, browser, the browser’s full description (user agent) and the IP address.',
          why: 'So you can spot a sign-in that was not you (Settings → Security).',
          kept: '{{days}}.',
        },
        security: {
          title: 'Security activity',
          what: 'Events such as password changes, failed sign-in attempts, apps authorized or revoked, second factors added or removed and data downloads, with their time and IP address.',
          why: 'So you can see what happened to your account (Settings → Security).',
          kept: '{{days}}.',
        },
        notifications: {
          title: 'Notifications',
          what: 'The notices in the bell: a new sign-in (with its browser, system and IP address), a changed password, an app you allowed, a second factor changed, and whether you have read each.',
          why: 'So the account tells you of what matters to its security where you look first.',
          kept: '{{days}}.',
        },
        factors: {
          title: 'Two-step verification',
          what: 'The authenticator app’s secret (encrypted), your recovery codes (as hashes only) and your passkeys (public key, name, usage counter, when last used).',
          why: 'To check your second factor when you sign in.',
          kept: 'Until you turn them off or remove them.',
        },
        links: {
          title: 'E-mail links',
          what: 'Verification, password-reset and change-of-address links, as hashes.',
          why: 'To check a link when you open it, once.',
          kept: '{{days}} after a link is used or expires; a change of address {{change}} after it is confirmed (or asked for, if never confirmed).',
        },
        mail: {
          title: 'E-mails we send you',
          what: 'Each message (address, subject, text) waits in a queue until it is delivered.',
          why: 'So that no message is lost while the mail server is unreachable.',
          kept: 'Its text until it is delivered (or given up after about a day of retries); its address and subject until {{hours}} after it was queued.',
        },
        limits: {
          title: 'Protection against abuse',
          what: 'Counters of sign-in, sign-up, resend and reset attempts, by e-mail address and by IP address; and of your uploads, registrations of apps and APIs and members added, by account.',
          why: 'To stop password guessing and floods of e-mails.',
          kept: '{{min}} to {{max}} (a day for the one that sends the sign-in-paused e-mail at most once a day); those by account up to a day, and they go with the account.',
        },
        apps: {
          title: 'Apps you authorize',
          what: 'Which app, which permissions you allowed and when. The codes and tokens issued to the app only as hashes.',
          why: 'So the app can sign you in without asking every time; you see them under Connected apps in Settings → Security.',
          kept: `Until you revoke the app there, at most {{grant}}. Access tokens {{access}}, refresh tokens {{refresh}}, the sign-in session for apps {{session}} (its record until your ${PRODUCT_NAME} sign-in ends, so signing out ends the apps’ tokens too).`,
        },
        developer: {
          title: 'Developer Program',
          what: 'If you register apps: their name, description, logo and addresses, their secret (encrypted), and usage events (which action, when, and for which account, to count their unique users; developers see only counts).',
          why: 'To run your apps and show their statistics.',
          kept: 'Apps until you delete them; usage events {{days}}, then only totals per action.',
        },
        logs: {
          title: 'Server logs',
          what: 'For each request: the method, the address without its query, the status, the duration and a request id. No IP address, passwords or tokens.',
          why: 'To find the cause of an error you report.',
          kept: 'As long as the operator’s log storage keeps them.',
        },
      },
    },
    where: {
      title: 'Where it is stored',
      body: `Everything is stored in this ${PRODUCT_NAME} site’s PostgreSQL database; profile pictures and app logos in its file storage (the server’s disk or a private S3-compatible bucket). E-mails go out through the mail server the site’s operator has set up. Nothing is sold or passed to advertisers.`,
    },
    who: {
      title: 'Who can see it',
      you: 'You: everything, in Settings, and in one file with “Download your data” (Settings → Account).',
      apps: 'Apps you allow: only what you agreed to on the consent screen. With “profile” your name, username and picture; with “email” your address and whether it is verified. What the app keeps is then under its own privacy policy.',
      others:
        'Other people: there is no public profile, and nobody can look up your details. Your picture is served at a long, unlisted address: whoever has that address (an app you allowed, say) can open it.',
      operator:
        'The site’s operator: the people who run this site can reach the database and files to keep the service running. Passwords, links and tokens are hashes they cannot reverse; secrets are encrypted.',
    },
    choices: {
      title: 'Your choices',
      body: 'Change your profile at any time, end sessions, revoke apps and download your data in Settings. Deleting your account removes everything listed above at once, except e-mails already queued to you (delivered, then removed within {{hours}}) and attempt counters (gone when their window ends). No record of a deleted account is kept.',
      settings: 'Open Settings',
    },
    cookies: {
      title: 'Cookies and browser storage',
      body: 'Which cookies the site sets, and what it keeps in your browser, is on the Cookies page.',
      link: 'Cookies',
    },
  },
  cookies: {
    eyebrow: 'Legal',
    title: 'Cookies',
    lead: `${PRODUCT_NAME} sets only the cookies it needs to sign you in and keep your account safe. No advertising or analytics cookies, and none from other sites.`,
    flags: `Every one is HttpOnly (page scripts cannot read it), sent only to the part of the site that needs it (its path), and Secure when the site runs over HTTPS; then the four ${PRODUCT_NAME} sets are named with the prefix __Host- (__Host-omnia_refresh, …) and sent to the whole site (/), which tells your browser to take them from this site alone, never from another site under the same domain. Visiting a page sets none: they come with signing up, signing in or authorizing an app.`,
    listTitle: 'The cookies',
    lifetime: 'Lifetime',
    path: 'Sent to',
    sameSite: 'SameSite',
    signed: 'with its signature {{name}}',
    setBy: { accounts: `Set by ${PRODUCT_NAME}`, engine: 'Set by the sign-in service for apps (OAuth)' },
    purposes: {
      omnia_refresh:
        'Keeps you signed in: your session’s refresh token, replaced by a new one each time it is used.',
      omnia_engine:
        'Names your session to the sign-in service for apps, so an app is never signed in as someone other than the person signed in here.',
      omnia_verify: 'Lets the verification link sign you in only in the browser that signed up.',
      omnia_two_step: 'Remembers that your password was right while you enter your second factor.',
      _session:
        'The sign-in service’s own session, so the apps you allowed can sign you in without asking again.',
      _interaction: 'Ties the consent screen to the app’s request while you decide.',
      _interaction_resume: 'Takes you back to the app’s request once you have decided.',
    },
    storage: {
      title: 'In your browser’s storage (not cookies)',
      body: 'These stay in your browser and are never sent to the server. Clearing the site’s data in your browser removes them.',
      items: {
        'omnia-theme': 'Your theme (dark or light), applied before the page appears.',
        'omnia-language': 'The language you chose on this browser.',
        hasSeenAnimation: 'The welcome animation was shown, so it is not shown again.',
        launchCelebrationShown: 'The launch message was closed, so it is not shown again.',
        claimedServices:
          'A copy of the services you claimed (your account holds the real list); removed when you sign out.',
        'omnia-authorize-handoff':
          'For a few seconds while an app’s request is handed to the server, so a failed hand-off cannot loop (session storage: gone when the tab closes).',
      },
      token:
        'Your access token is held only in the page’s memory, never stored: it is gone when you close the tab.',
    },
    manage: {
      title: 'Managing cookies',
      body: 'You can delete these cookies in your browser’s settings at any time: you are then signed out. They are strictly necessary, so there is nothing to opt in or out of; blocking them makes signing in impossible.',
    },
  },
};
