import { PRODUCT_NAME } from './constants';
/**
 * SPEC §5 and §8 wording, the one source of every user-facing message. Placeholders are
 * `{{name}}`, as in every other catalogue (the web fills them with i18next).
 */
export const MESSAGES = {
  // §5 validation
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  fullNameRequired: 'Full name is required',
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTaken: 'Username is already taken',
  dateOfBirthRequired: 'Date of birth is required',
  forgotEmailInvalid: 'Please enter a valid email address',
  newPasswordRequired: 'New password is required',
  missingClientIdParam: 'Missing client_id parameter',
  missingRedirectUriParam: 'Missing redirect_uri parameter',
  missingResponseTypeParam: 'Missing response_type parameter',
  invalidResponseType: "Invalid response_type: only 'code' is supported",
  missingClientId: 'Missing client ID',
  missingRequiredParameters: 'Missing required parameters',
  appNameRequired: 'Application name is required',
  passkeyNameRequired: 'Give the passkey a name',
  appDeleteConfirmMismatch: "Type the app's name exactly as shown to delete it",
  deleteAccountConfirmMismatch: 'Type your email address exactly as shown to delete your account',
  deleteAfterEmailChange:
    'Your email address changed in the last 7 days. The account can be deleted once that week is over, so the change can still be undone from the old address until then.',
  scopeRequired: 'At least one scope is required',
  redirectUriRequired: 'At least one redirect URI is required',
  mustBeLoggedInToRegister: 'You must be logged in to register an OAuth2 client',
  rotateConfirm:
    'Are you sure you want to rotate your client secret? This will invalidate the current secret and generate a new one.',
  userNotAuthenticated: 'User not authenticated',

  // §8 catalogue
  signUpSuccess: 'Sign up successful! Please check your email to verify your account.',
  signInSuccess: 'Signed in successfully!',
  signOutSuccess: 'Signed out successfully',
  signOutFailure: 'Failed to sign out',
  loginFailure: 'Failed to log in',
  signUpFailure: 'Failed to create account',
  profileUpdated: 'Profile updated successfully',
  preferencesUpdated: 'Preferences updated successfully',
  serviceUnavailableTitle: 'Service Unavailable',
  serviceUnavailableBody: 'This service is coming soon and cannot be claimed yet.',
  alreadyClaimedTitle: 'Already Claimed',
  alreadyClaimedBody: 'You have already claimed {{service}}.',
  claimSuccessTitle: 'Service Claimed',
  claimSuccessBody: 'You have successfully claimed {{service}}.',
  resendSuccess: 'Verification email resent successfully. Please check your inbox.',
  resendFailure: 'Failed to resend verification email',
  identityNotLoggedIn: 'You must be logged in to complete your profile',
  identitySuccess: 'Identity updated successfully',
  identityFailure: 'Failed to update identity',
  setupNotLoggedIn: 'You must be logged in to complete setup',
  setupSuccess: 'Setup completed successfully',
  setupFailure: 'Failed to complete setup',
  forgotFailure: 'Failed to send password reset email',
  resetSuccess: 'Password updated successfully',
  resetFailure: 'Failed to reset password',
  authCallbackFailure: 'Failed to process authentication',
  invalidAuthorizationRequest: 'Invalid authorization request',
  failedToLoadAppInfo: 'Failed to load application information',
  failedToValidateAuthorization: 'Failed to validate authorization request',
  mustBeLoggedInToProceed: 'You must be logged in to proceed',
  failedToProcessConsent: 'Failed to process consent',
  unknownClient: 'Invalid client_id: no approved application is registered with this ID',
  unregisteredRedirectUri: 'Invalid redirect_uri: it is not registered for this application',
  pendingClientNotOwner: 'This application is pending approval and can only be authorized by its developer',
  authorizationExpired: 'This authorization request has expired. Please start again from the application.',
  consentChanged: 'The application changed what it asks for while you were deciding. Check what it asks now.',
  unexpectedError: 'An unexpected error occurred',
  clientListFailure: 'Failed to fetch OAuth2 clients',
  logoUploadFailure: 'Failed to upload logo',
  credentialsFailure: 'Failed to generate client credentials',
  clientCreateFailure: 'Failed to create OAuth2 client',
  clientRegistered: 'OAuth2 client registered successfully! Your application is pending approval.',
  clientDetailFailure: 'Failed to load client details',
  rotateGenerateFailure: 'Failed to generate new client secret',
  rotateUpdateFailure: 'Failed to update client secret',
  rotateSuccess: 'Client secret rotated successfully',
  copied: '{{label}} copied to clipboard',
  notFoundHeading: '404',
  notFoundText: 'Oops! Page not found',

  // dates and app addresses
  dateOfBirthInvalid: 'Date of birth must be a valid date between 1900 and today',
  redirectUriInvalid: 'Redirect URIs must be absolute https URLs (http only for localhost)',
  postLogoutRedirectUriInvalid:
    'Post-logout redirect URIs must be absolute https URLs (http only for localhost)',
  backchannelLogoutWebOnly: 'Only a web application (one with a server) can receive logout tokens',
  backchannelLogoutUriInvalid:
    'The back-channel logout URI must be an absolute https URL (http only for localhost)',
  uriHasUserInfo: 'A URI must not contain a user name or password (user@…)',
  uriHasFragment: 'A URI must not contain a fragment (#…)',
  uriHasWildcard: 'A URI must not contain wildcards (*): list each address',
  // app types
  customSchemeNeedsNative:
    'A custom scheme (com.example.app:/…) is for native apps: register a Native or mobile app',
  nativeRedirectUriInvalid:
    'Native app URIs must use your own scheme in reverse-domain form (com.example.app:/callback), https, or http on 127.0.0.1 or [::1]',
  nativeLocalhost: 'Use http://127.0.0.1 or http://[::1] instead of localhost (RFC 8252 §8.3)',
  pkceRequiredPublic: 'Apps without a secret always use PKCE',
  deviceHasNoUris: 'A device or command-line app signs people in on another screen: it has no redirect URIs',
  serviceHasNoUris: 'A service signs nobody in: it has no redirect URIs',
  serviceHasNoScopes: "A service acts for itself: it asks for APIs, not for people's profile or email",
  // developers' APIs
  apiNameRequired: 'API name is required',
  apiNameReserved: `This name belongs to ${PRODUCT_NAME} or one of its services. Choose another one.`,
  apiIdentifierInvalid: 'The identifier must be an https URI without a fragment, a user name or a password',
  apiIdentifierTaken: 'Another API already uses this identifier',
  // high-security apps
  jwksInvalid:
    'Paste a JSON Web Key Set: {"keys": [...]} with one to ten public signing keys (RSA, EC or Ed25519)',
  jwksPrivateKey: 'This key set contains a private key: paste only the public keys',
  jwksUriInvalid: 'The key set URL must be an absolute https URL',
  jwksOneSource: 'Give the keys or a URL to them, not both',
  privateKeyJwtNeedsKeys: 'Add your public keys (or their URL) to authenticate with a private key',
  privateKeyJwtConfidential: 'Only apps with a server (web applications and services) authenticate with keys',
  fapiWebOnly: 'The FAPI 2.0 profile is for web applications (apps with a server)',
  fapiHttpsRedirects: 'The FAPI 2.0 profile needs https redirect URIs: remove the http ones (localhost too)',
  fapiNeedsPrivateKeyJwt: 'The FAPI 2.0 profile needs authentication with a private key',
  registrationTokenLabelRequired: 'Give the token a name',
  registrationTokensLimit: 'You have 10 registration tokens: revoke one first',
  parNeedsRedirects:
    'Only apps that send people back to a redirect URI can require pushed authorization requests',
  apiIdentifierOurs: 'The identifier cannot be an address of this account service',
  apiIdentifierSuite: 'The identifier cannot be an address of one of the suite’s services',
  apiScopeRequired: 'Add at least one scope',
  apiScopeNameInvalid:
    'Scope names use lower-case letters, digits and : . _ - / (up to 64), and cannot be openid, profile, email or offline_access',
  apiScopeDuplicate: 'Each scope name can be used once',
  apiScopeDescriptionRequired: 'Describe what the scope allows: people read it on the consent screen',
  textHasHiddenCharacters:
    'Remove the invisible or direction-changing characters: people must read this as it is written',
  apiAppUnknown: 'No app has this Client ID',
  apiAppOwn: 'Your own apps may call this API already',
  apiAccessScopeUnknown: 'Choose scopes of this API',
  apiDeleteConfirmMismatch: "Type the API's name exactly as shown to delete it",
  deviceCodeRequired: 'Enter the code shown on your device',
  deviceCodeNotFound: 'That code is not right. Check the code on your device and try again.',
  deviceCodeExpired: 'That code has expired. Start again on your device to get a new one.',
  deviceCodeUsed: 'That code has already been used. Start again on your device to get a new one.',
  deviceDenied: 'You denied access. Your device was told and is not signed in.',
  deviceTooManyTries: 'Too many wrong codes. Wait a few minutes, then try again.',
  clientSettingsSaved: 'Settings saved',
  // webhooks
  webhookUrlInvalid: 'The endpoint must be an absolute https URL (http only for localhost)',
  webhookEventsRequired: 'Choose at least one event',
  webhookSaved: 'Webhook saved',
  webhookSaveFailure: 'Failed to save the webhook',
  webhookRemoved: 'Webhook removed',
  webhookResent: 'Delivery queued again',
  webhookTestQueued: 'Test event queued',
  webhookActionFailure: 'Something went wrong. Please try again.',
  webhookBacklog: 'Many deliveries to this endpoint are still waiting. Try again once they are delivered.',
  // members of an app
  memberUsernameRequired: `Enter the username of an ${PRODUCT_NAME} account`,
  memberUnknown: `No ${PRODUCT_NAME} account has this username`,
  memberAlready: 'This person already manages the app',
  memberLimit: 'An app can have up to 20 members',
  memberOwnerOnly: "Only the app's owner can do this",
  ownerCannotLeave: 'As its owner you cannot leave the app. Offer it to a member first.',
  memberAdditionLimit: `You have added members as often as ${PRODUCT_NAME} allows in a day. Try again later.`,
  logoUploadLimit: `You have uploaded logos as often as ${PRODUCT_NAME} allows in a day. Try again later.`,
  pictureUploadLimit: 'You have uploaded pictures too often. Try again within the hour.',
  picturesBusy: `${PRODUCT_NAME} is busy with other pictures. Try again in a moment.`,
  appRegistrationLimit: `You have registered apps as often as ${PRODUCT_NAME} allows in a day. Try again later.`,
  apiRegistrationLimit: `You have registered APIs as often as ${PRODUCT_NAME} allows in a day. Try again later.`,
  transferNotMember: 'Add this person as a member first',
  transferNoOffer: 'This offer is no longer open',
  transferNeedsUsername: 'Choose a username in your profile first, so the member knows who offers the app',
  ownershipOffered: 'Offer sent. The app changes hands once they accept it.',
  ownershipOfferWithdrawn: 'Offer withdrawn',
  ownershipDeclined: 'Offer declined',
  memberAdded: 'Member added',
  memberRemoved: 'Member removed',
  appLeft: 'You left the app',
  appTransferred: 'The app now has a new owner',
  membersFailure: 'Failed to change the members',
  clientSettingsFailure: 'Failed to save settings',
  // accounts
  /** The sign-in page after a verification link opened in another browser than the sign-up's. */
  emailVerifiedSignIn: 'Your email address is verified. Sign in to continue.',

  // the rule after the SPEC's password rules (password-strength.ts)
  passwordTooCommon: 'This password is one of the most common. Choose one that is harder to guess.',
  passwordTooPredictable:
    'This password is too easy to guess: avoid repeated characters, keyboard patterns, sequences, dates and single words.',
  passwordHasPersonalInfo: 'This password is too easy to guess: it contains your email address.',
  passwordTooWeak: 'This password is too easy to guess. Add more words or characters.',
  passwordUnchanged: 'Choose a new password, not the one you use now',
  usernameReserved: 'This username is reserved. Choose another one.',
  appLinkInvalid: 'Links must be full https addresses (http only for localhost)',
  // the server's answer to an upload without a usable file (it words it this way)
  chooseImage: 'Please choose an image to upload',
  crossSiteRequest: 'Cross-site requests are not allowed',
  textHasNul: 'Text must not contain NUL characters',
  textMalformed: 'Text must be valid Unicode',
  urlNotPublic: `Use a public address: ${PRODUCT_NAME} does not call private or local networks`,
  logoNotUploaded: 'The logo must be an image uploaded with this form',
  totpCodeInvalid: 'Enter the 6-digit code',
  recoveryCodeInvalid: 'Enter one of your recovery codes',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(MESSAGES, text);

/**
 * How the shared schemas word a failed rule: its English text by default (the server answers with
 * it), or its key once `writeMessageKeys()` has run (the web, which shows each key in the reader's
 * language, so nothing is ever looked up by its English).
 */
let writeKeys = false;

export function writeMessageKeys(): void {
  writeKeys = true;
}

/** A failed rule's message, by key: its English, or the key itself (see writeMessageKeys). */
export function ruleMessage(key: MessageKey): string {
  return writeKeys ? key : MESSAGES[key];
}

/**
 * The catalogue message a page's error code names (a code of `table`, read from a query string
 * anyone can write); anything else reads as `fallback`.
 */
export function codeMessage(
  table: Readonly<Record<string, MessageKey>>,
  code: string | null | undefined,
  fallback: MessageKey,
): MessageKey {
  return code && Object.hasOwn(table, code) ? (table[code] as MessageKey) : fallback;
}

/** A zod check's `error` parameter naming a catalogue message: `.min(1, rule('emailRequired'))`. */
export const rule = (key: MessageKey) => ({ error: () => ruleMessage(key) });
