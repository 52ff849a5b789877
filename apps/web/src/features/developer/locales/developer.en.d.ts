/** Developer Program strings (SPEC §2 'Developer dashboard', 'Register application', 'Client detail'). */
declare const _default: {
  shell: {
    badge: string;
  };
  dashboard: {
    title: string;
    subtitle: string;
    registerNew: string;
    tabApps: string;
    tabDocs: string;
    signInTitle: string;
    signInBody: string;
    signIn: string;
    emptyTitle: string;
    emptyBody: string;
    emptyAction: string;
  };
  card: {
    noDescription: string;
    clientId: string;
    created: string;
    scopes: string;
    analytics: string;
    viewDetails: string;
    logoAlt: string;
  };
  /** The kinds of app (APP_TYPES) on the registration form and the app's page. */
  appTypes: {
    web: {
      name: string;
      text: string;
    };
    spa: {
      name: string;
      text: string;
    };
    native: {
      name: string;
      text: string;
    };
    service: {
      name: string;
      text: string;
    };
    device: {
      name: string;
      text: string;
    };
  };
  status: {
    pending: string;
    approved: string;
    rejected: string;
  };
  register: {
    openApp: string;
    readDocs: string;
    back: string;
    title: string;
    subtitle: string;
    name: string;
    namePlaceholder: string;
    description: string;
    descriptionPlaceholder: string;
    optional: string;
    logo: string;
    logoHint: string;
    logoReading: string;
    logoChoose: string;
    logoChange: string;
    logoRemove: string;
    logoPreviewAlt: string;
    logoNotImage: string;
    redirectUris: string;
    redirectUrisHint: string;
    redirectUriLabel: string;
    redirectUriPlaceholder: string;
    nativeRedirectUriPlaceholder: string;
    nativeRedirectUrisHint: string;
    appType: string;
    appTypeHint: string;
    addRedirectUri: string;
    removeRedirectUri: string;
    scopes: string;
    submit: string;
    submitting: string;
    successTitle: string;
    successBody: string;
    registerAnother: string;
    goToDashboard: string;
  };
  links: {
    title: string;
    hint: string;
    homepage: string;
    privacy: string;
    terms: string;
    none: string;
  };
  edit: {
    open: string;
    title: string;
    body: string;
    currentLogo: string;
    removeLogo: string;
    scopesHint: string;
    save: string;
    saving: string;
    saved: string;
  };
  review: {
    title: string;
    body: string;
    name: string;
    description: string;
    logo: string;
    homepage: string;
    homepageRemoved: string;
    privacy: string;
    privacyRemoved: string;
    terms: string;
    termsRemoved: string;
    uris: string;
    savedForReview: string;
  };
  delete: {
    open: string;
    title: string;
    body: string;
    typeName: string;
    confirm: string;
    deleting: string;
    done: string;
  };
  detail: {
    back: string;
    notFound: string;
    notFoundBody: string;
    noDescription: string;
    clientId: string;
    clientSecret: string;
    showSecret: string;
    hideSecret: string;
    copy: string;
    copiedLabel: string;
    redirectUris: string;
    scopes: string;
    rotate: string;
    rotateTitle: string;
    rotateConfirm: string;
    rotating: string;
    graceLabel: string;
    rotateEndsPrevious: string;
    graceHint: string;
    previousSecret: string;
    previousUntil: string;
    previousLastUsed: string;
    previousUnused: string;
    revokePrevious: string;
    revokePreviousTitle: string;
    revokePreviousBody: string;
    revokePreviousConfirm: string;
    previousRevoked: string;
    previousRevokeFailure: string;
    grace: {
      none: string;
      '1h': string;
      '24h': string;
      '7d': string;
    };
    cancel: string;
    credentials: string;
    secretHint: string;
    noSecret: string;
    noSecretDevice: string;
    loopbackAnyPort: string;
    webOrigins: string;
    webOriginsHint: string;
    serviceTitle: string;
    serviceBody: string;
    deviceTitle: string;
    deviceBody: string;
  };
  /** Per-client settings, on the registration form and the detail page. */
  settings: {
    title: string;
    requirePkce: string;
    requirePkceHint: string;
    requireTwoStep: string;
    requireTwoStepHint: string;
    bclTitle: string;
    bclHint: string;
    bclEdit: string;
    bclNone: string;
    bclPlaceholder: string;
    postLogoutUris: string;
    postLogoutUrisHint: string;
    postLogoutUriLabel: string;
    postLogoutUriPlaceholder: string;
    nativePostLogoutUriPlaceholder: string;
    requirePkcePublicHint: string;
    addPostLogoutUri: string;
    removePostLogoutUri: string;
    postLogoutNone: string;
    edit: string;
    save: string;
    saving: string;
    cancel: string;
  };
  stats: {
    title: string;
    subtitle: string;
    total: string;
    today: string;
    last7: string;
    last30: string;
    breakdown: string;
    noEvents: string;
    loading: string;
    created: string;
    updated: string;
    /** The recorded OAuth actions (OAUTH_ACTIONS) as the breakdown names them, for people. */
    actions: {
      authorize: string;
      consent_granted: string;
      consent_denied: string;
      token_issued: string;
      token_refreshed: string;
      userinfo: string;
      revoke: string;
      secret_rotated: string;
      old_secret_used: string;
    };
    chart: {
      title: string;
      events: string;
      users: string;
      summary_one: string;
      summary_other: string;
      day: string;
    };
  };
  /** Scope descriptions on the registration form and in the docs (English from the contracts). */
  scopeLabels: Record<'email' | 'openid' | 'profile', string>;
  copy: {
    copy: string;
    copied: string;
    copyCode: string;
  };
  /** Documentation tab prose ('{{product}}' is the product name). */
  docs: {
    tabs: {
      overview: string;
      flow: string;
      endpoints: string;
      examples: string;
    };
    overview: {
      title: string;
      intro: string;
      stepsTitle: string;
      step1: string;
      step2: string;
      step3: string;
      scopesTitle: string;
      scopeCol: string;
      grantsCol: string;
      claimsCol: string;
      scopeOpenid: string;
      securityTitle: string;
      pkce: string;
      state: string;
      exact: string;
      secret: string;
      discoveryTitle: string;
      discoveryBody: string;
    };
    flow: {
      title: string;
      intro: string;
      step1Title: string;
      step1Body: string;
      step2Title: string;
      step2Body: string;
      step3Title: string;
      callbackTitle: string;
      step3Body: string;
      step4Title: string;
      step4Body: string;
      step5Title: string;
      step6Title: string;
      step6Body: string;
      step7Title: string;
    };
    endpoints: {
      title: string;
      intro: string;
      required: string;
      optional: string;
      response: string;
      authorize: string;
      token: string;
      tokenCode: string;
      tokenRefresh: string;
      userinfo: string;
      userinfoHeader: string;
      revoke: string;
      discovery: string;
      p: {
        client_id: string;
        redirect_uri: string;
        response_type: string;
        scope: string;
        state: string;
        code_challenge: string;
        code_challenge_method: string;
        client_secret: string;
        code: string;
        code_verifier: string;
        refresh_token: string;
        token: string;
        token_type_hint: string;
      };
    };
    examples: {
      title: string;
      intro: string;
      node: string;
      python: string;
      javascript: string;
      nodeRun: string;
      pythonRun: string;
      javascriptRun: string;
      spa: string;
      native: string;
      spaRun: string;
      nativeRun: string;
      device: string;
      deviceRun: string;
      service: string;
      serviceRun: string;
      api: string;
      apiRun: string;
    };
  };
};
export default _default;
