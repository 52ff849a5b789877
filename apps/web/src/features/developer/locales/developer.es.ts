import type { Translation } from '@/lib/i18n';
import type en from './developer.en';

/** Developer Program in Spanish; product names, scope names and protocol terms stay as they are. */
export default {
  shell: { badge: 'Desarrolladores' },
  dashboard: {
    title: 'Panel de desarrollador',
    subtitle:
      'Registra aplicaciones que permitan a los usuarios iniciar sesión con su cuenta de {{product}}.',
    registerNew: 'Registrar nueva app',
    tabApps: 'Mis aplicaciones',
    tabDocs: 'Documentación',
    signInTitle: 'Inicio de sesión necesario',
    signInBody: 'Inicia sesión para ver y gestionar tus aplicaciones OAuth2.',
    signIn: 'Iniciar sesión',
    emptyTitle: 'No hay clientes OAuth2',
    emptyBody: 'Aún no has registrado ninguna aplicación.',
    emptyAction: 'Registra tu primera aplicación',
  },
  card: {
    noDescription: 'Sin descripción',
    clientId: 'ID de cliente',
    created: 'Creada',
    scopes: 'Scopes',
    analytics: 'Estadísticas',
    viewDetails: 'Ver detalles',
    logoAlt: 'Logo de {{name}}',
  },
  /** The kinds of app (APP_TYPES) on the registration form and the app's page. */
  appTypes: {
    web: {
      name: 'Aplicación web',
      text: 'Se ejecuta en un servidor que guarda un secreto de cliente (Node, Python, PHP, Java…).',
    },
    spa: {
      name: 'App de una sola página',
      text: 'Se ejecuta en el navegador (React, Vue, Angular): sin secreto, con PKCE, tokens desde tus propios orígenes web.',
    },
    native: {
      name: 'App nativa o móvil',
      text: 'iOS, Android, escritorio o línea de comandos: tu propio esquema de URI o una dirección de bucle local, sin secreto.',
    },
    service: {
      name: 'Servicio (máquina a máquina)',
      text: 'Un proceso o servidor que llama a una API por sí mismo, sin usuario: credenciales de cliente y un secreto.',
    },
    device: {
      name: 'Dispositivo o línea de comandos',
      text: 'Televisores, consolas y terminales: muestra un código que se introduce en otra pantalla. Sin redirección ni secreto.',
    },
  },
  status: { pending: 'Pendiente', approved: 'Aprobada', rejected: 'Rechazada' },
  register: {
    openApp: 'Abrir la página de la aplicación',
    readDocs: 'Leer cómo iniciar sesión de usuarios',
    back: 'Volver al panel de desarrollador',
    title: 'Registrar aplicación',
    subtitle: 'Crea credenciales OAuth2 para tu aplicación.',
    name: 'Nombre de la aplicación',
    namePlaceholder: 'Mi app increíble',
    description: 'Descripción',
    descriptionPlaceholder: '¿Qué hace tu aplicación?',
    optional: '(opcional)',
    logo: 'Logo',
    logoHint: 'PNG, JPEG, WebP o GIF, hasta 5 MB.',
    logoReading: 'Leyendo la imagen…',
    logoChoose: 'Elegir imagen',
    logoChange: 'Cambiar imagen',
    logoRemove: 'Quitar logo',
    logoPreviewAlt: 'Vista previa del logo',
    logoNotImage: 'Elige un archivo de imagen',
    redirectUris: 'URI de redirección',
    redirectUrisHint:
      'Adonde se envía a los usuarios después de autorizar tu app. Debe coincidir exactamente.',
    redirectUriLabel: 'URI de redirección {{n}}',
    redirectUriPlaceholder: 'https://tuapp.com/callback',
    nativeRedirectUriPlaceholder: 'com.example.app:/callback',
    nativeRedirectUrisHint:
      'El esquema propio de tu app en forma de dominio inverso, un enlace https reclamado o http://127.0.0.1/… (cualquier puerto coincide). Si no, coincidencia exacta.',
    appType: 'Tipo de aplicación',
    appTypeHint:
      'Se elige una vez: decide cómo tu app inicia la sesión de las personas y si tiene un secreto.',
    addRedirectUri: 'Añadir URI de redirección',
    removeRedirectUri: 'Quitar la URI de redirección {{n}}',
    scopes: 'Scopes',
    submit: 'Registrar aplicación',
    submitting: 'Procesando…',
    successTitle: '¡Aplicación registrada!',
    successBody:
      'Tu aplicación se ha registrado y está pendiente de aprobación. Puedes ver sus credenciales en el panel de desarrollador.',
    registerAnother: 'Registrar otra aplicación',
    goToDashboard: 'Ir al panel de desarrollador',
  },
  links: {
    title: 'Las páginas de tu aplicación',
    hint: 'Las personas las abren desde la pantalla de consentimiento para valorar tu aplicación. Opcionales mientras solo tú la usas; Omnia aprueba una aplicación cuando tiene las tres.',
    homepage: 'Página de inicio',
    privacy: 'Política de privacidad',
    terms: 'Condiciones de uso',
    none: 'Sin indicar',
  },
  edit: {
    open: 'Editar aplicación',
    title: 'Editar aplicación',
    body: 'Cambia cómo se muestra tu aplicación y a dónde puede devolver a las personas.',
    currentLogo: 'Logotipo actual',
    removeLogo: 'Quitar el logotipo',
    scopesHint:
      'Los permisos cuentan desde el siguiente inicio de sesión; quitar uno termina el acceso de quienes lo concedieron, y se les volverá a preguntar. Cuando tu aplicación esté aprobada, un nombre, descripción, logotipo o URI de redirección nuevos esperan la revisión de Omnia.',
    save: 'Guardar cambios',
    saving: 'Guardando...',
    saved: 'Aplicación actualizada',
  },
  review: {
    title: 'Pendiente de revisión',
    body: 'Omnia revisa el nuevo nombre, descripción, logotipo o dirección de una aplicación aprobada antes de que la gente lo vea. Hasta entonces tu aplicación sigue funcionando como antes.',
    name: 'Nombre nuevo: {{name}}',
    description: 'Descripción nueva: {{description}}',
    logo: 'Un logotipo nuevo',
    homepage: 'Nueva página de inicio: {{url}}',
    homepageRemoved: 'Página de inicio eliminada',
    privacy: 'Nueva política de privacidad: {{url}}',
    privacyRemoved: 'Política de privacidad eliminada',
    terms: 'Nuevas condiciones de uso: {{url}}',
    termsRemoved: 'Condiciones de uso eliminadas',
    uris: 'Direcciones nuevas:',
    savedForReview:
      'Guardado. El nuevo nombre, descripción, logotipo o direcciones esperan revisión; mientras tanto tu aplicación sigue funcionando.',
  },
  delete: {
    open: 'Eliminar aplicación',
    title: '¿Eliminar {{app}}?',
    body: 'Todas las personas que iniciaron sesión en {{app}} con Omnia salen de ella y termina todo el acceso que se le dio. No se puede deshacer.',
    typeName: 'Escribe {{app}} para confirmar',
    confirm: 'Eliminar aplicación',
    deleting: 'Eliminando...',
    done: 'Se eliminó {{app}}',
  },
  detail: {
    back: 'Volver a los clientes',
    notFound: 'Cliente no encontrado',
    notFoundBody: 'Esta aplicación no existe o no tienes acceso a ella.',
    noDescription: 'Sin descripción',
    clientId: 'ID de cliente',
    clientSecret: 'Secreto de cliente',
    showSecret: 'Mostrar el secreto de cliente',
    hideSecret: 'Ocultar el secreto de cliente',
    copy: 'Copiar {{label}}',
    copiedLabel: 'Copiado',
    redirectUris: 'URI de redirección permitidas',
    scopes: 'Scopes permitidos',
    rotate: 'Renovar secreto de cliente',
    rotateTitle: '¿Renovar el secreto de cliente?',
    rotateConfirm: 'Renovar secreto',
    rotating: 'Renovando…',
    graceLabel: 'Mantener el secreto anterior activo durante',
    rotateEndsPrevious:
      'El secreto sustituido en la última rotación deja de funcionar ahora, no el {{date}}.',
    graceHint:
      'Los dos secretos funcionan hasta entonces, así cada servidor de tu app puede pasar al nuevo sin cortes.',
    previousSecret: 'Secreto anterior',
    previousUntil: 'Sigue funcionando hasta el {{date}}.',
    previousLastUsed: 'Último uso: {{date}}. Algo todavía lo envía.',
    previousUnused: 'Sin usar desde la renovación.',
    revokePrevious: 'Revocar ya el secreto anterior',
    revokePreviousTitle: '¿Revocar ya el secreto anterior?',
    revokePreviousBody:
      'Las solicitudes que aún envíen el secreto anterior se rechazarán al instante. Solo funcionará el nuevo.',
    revokePreviousConfirm: 'Revocar secreto anterior',
    previousRevoked: 'El secreto anterior ya no funciona.',
    previousRevokeFailure: 'No se pudo revocar el secreto anterior. Inténtalo de nuevo.',
    grace: {
      none: 'Nada: deja de funcionar ya',
      '1h': '1 hora',
      '24h': '24 horas',
      '7d': '7 días',
    },
    cancel: 'Cancelar',
    credentials: 'Credenciales',
    secretHint:
      'Guarda este secreto en tu servidor. No lo incluyas nunca en una aplicación de navegador ni en una app móvil.',
    noSecret:
      'Esta app no tiene secreto de cliente. Es un cliente público: cada inicio de sesión se demuestra con PKCE.',
    noSecretDevice:
      'Esta app no tiene secreto de cliente. Es un cliente público: cada inicio de sesión lo aprueba su usuario en otra pantalla, con el código que muestra el dispositivo.',
    loopbackAnyPort:
      'Las direcciones de bucle local (127.0.0.1, [::1]) coinciden con cualquier puerto, así tu app puede escuchar en uno libre (RFC 8252).',
    webOrigins: 'Orígenes web permitidos',
    webOriginsHint:
      'Las páginas de estos orígenes pueden llamar a los endpoints de token, userinfo y revocación (CORS). Salen de tus URI de redirección.',
    serviceTitle: 'Tokens para tus API',
    serviceBody:
      'Un servicio no inicia la sesión de nadie. Pide un token de acceso al endpoint de tokens con su Client ID y su secreto (HTTP Basic), indicando como resource la API a la que llama y los scopes que esa API le permite (credenciales de cliente).',
    deviceTitle: 'Inicio de sesión con un código',
    deviceBody:
      'Tu dispositivo pide un código al endpoint de autorización de dispositivos, lo muestra con esta dirección y consulta el endpoint de token mientras la persona introduce el código en otra pantalla (RFC 8628).',
  },
  settings: {
    title: 'Configuración',
    requirePkce: 'Exigir PKCE',
    requirePkceHint:
      'PKCE protege el código de autorización. Desactívalo solo para una app confidencial de servidor cuya biblioteca no pueda enviar PKCE y que envíe en su lugar un nonce de OpenID Connect (RFC 9700 §2.1.1).',
    requireTwoStep: 'Exigir verificación en dos pasos',
    requireTwoStepHint:
      'Los usuarios de esta aplicación deben tener y usar un segundo factor (una aplicación de autenticación o una llave de acceso) para iniciar sesión en ella. A quien no lo tenga se le pide que lo configure primero.',
    bclTitle: 'URI de cierre de sesión back-channel',
    bclHint:
      'Opcional. Omnia envía aquí un token de cierre de sesión firmado cuando termina un inicio de sesión en tu app, para que tu servidor cierre su propia sesión (OpenID Connect Back-Channel Logout). Solo https (http para localhost).',
    bclEdit: 'Editar la URI de cierre de sesión back-channel',
    bclNone: 'Ninguna registrada',
    bclPlaceholder: 'https://tuapp.com/backchannel-logout',
    postLogoutUris: 'URI de redirección tras cerrar sesión',
    postLogoutUrisHint:
      'Opcional. Adónde puede devolver tu app a los usuarios después de cerrar sesión (OpenID Connect RP-Initiated Logout). Coincidencia exacta.',
    postLogoutUriLabel: 'URI de redirección tras cerrar sesión {{n}}',
    postLogoutUriPlaceholder: 'https://tuapp.com/sesion-cerrada',
    nativePostLogoutUriPlaceholder: 'com.example.app:/signed-out',
    requirePkcePublicHint: 'Siempre activo: una app sin secreto demuestra cada inicio de sesión con PKCE.',
    addPostLogoutUri: 'Añadir URI tras cerrar sesión',
    removePostLogoutUri: 'Quitar la URI de redirección tras cerrar sesión {{n}}',
    postLogoutNone: 'Ninguna registrada',
    edit: 'Editar',
    save: 'Guardar',
    saving: 'Guardando…',
    cancel: 'Cancelar',
  },
  stats: {
    title: 'Estadísticas de uso',
    subtitle: 'Actividad OAuth de esta aplicación.',
    total: 'Eventos totales',
    today: 'Hoy',
    last7: 'Últimos 7 días',
    last30: 'Últimos 30 días',
    breakdown: 'Desglose por acción',
    noEvents: 'Aún no hay eventos registrados.',
    loading: 'Cargando estadísticas…',
    created: 'Creada el {{date}}',
    updated: 'Última actualización: {{date}}',
    chart: {
      title: 'Últimos 30 días',
      events: 'Eventos',
      users: 'Usuarios únicos',
      summary_one: '{{count}} usuario único en los últimos 30 días',
      summary_other: '{{count}} usuarios únicos en los últimos 30 días',
      day: '{{date}}: {{events}} eventos, {{users}} usuarios',
    },
    actions: {
      authorize: 'autorización',
      consent_granted: 'consentimiento otorgado',
      consent_denied: 'consentimiento denegado',
      token_issued: 'token emitido',
      token_refreshed: 'token renovado',
      userinfo: 'userinfo',
      revoke: 'revocación',
      secret_rotated: 'secreto renovado',
      old_secret_used: 'secreto anterior usado',
    },
  },
  scopeLabels: {
    openid: 'Iniciar sesión con tu cuenta',
    profile: 'Ver tu perfil (nombre, nombre de usuario, avatar)',
    email: 'Ver tu correo electrónico',
  },
  copy: { copy: 'Copiar', copied: '¡Copiado!', copyCode: 'Copiar código' },
  docs: {
    tabs: {
      overview: 'Resumen',
      flow: 'Flujo de autorización',
      endpoints: 'Endpoints',
      examples: 'Ejemplos de código',
    },
    overview: {
      title: 'Iniciar sesión con {{product}}',
      intro:
        '{{product}} es un proveedor de OAuth 2.0 y OpenID Connect. Permite que las personas inicien sesión en tu aplicación con su cuenta de {{product}} y, con su consentimiento, lee su perfil y su dirección de correo electrónico.',
      stepsTitle: 'Primeros pasos',
      step1:
        'Registra tu aplicación con su nombre, sus URI de redirección y sus scopes. Recibirás un ID de cliente y un secreto de cliente.',
      step2:
        'Las aplicaciones nuevas quedan pendientes hasta que se aprueban. Mientras tanto, solo tú (el propietario) puedes autorizar tu app, así que puedes probarla de principio a fin.',
      step3:
        'Envía a los usuarios al endpoint authorize, intercambia en tu servidor el código recibido por tokens y lee el usuario con el endpoint userinfo.',
      scopesTitle: 'Scopes',
      scopeCol: 'Scope',
      grantsCol: 'Permite',
      claimsCol: 'Campos de userinfo',
      scopeOpenid: 'Emite un ID token (OpenID Connect)',
      securityTitle: 'Requisitos',
      pkce: 'PKCE con S256 es obligatorio en cada solicitud de autorización, salvo que la app haya desactivado Exigir PKCE (una app confidencial que envía un nonce en su lugar).',
      state: 'Envía siempre un state aleatorio y compruébalo cuando el usuario vuelva.',
      exact: 'La redirect_uri debe coincidir exactamente con una de tus URI de redirección registradas.',
      secret:
        'Guarda el secreto de cliente en tu servidor. No lo pongas nunca en una aplicación de navegador ni en una app móvil.',
      discoveryTitle: 'Descubrimiento',
      discoveryBody:
        'Las bibliotecas de OpenID Connect pueden configurarse solas a partir del documento de descubrimiento:',
    },
    flow: {
      title: 'Flujo Authorization Code con PKCE',
      intro: 'El flujo consta de una redirección a {{product}} y una llamada de vuelta desde el servidor.',
      step1Title: '1. Crea un state y un code verifier PKCE',
      step1Body:
        'Genera ambos en cada inicio de sesión y guárdalos en la sesión del usuario. El challenge es el SHA-256 del verifier, codificado en base64url.',
      step2Title: '2. Redirige al usuario al endpoint authorize',
      step2Body: 'Los scopes se separan con espacios.',
      step3Title: '3. El usuario inicia sesión y da su aprobación',
      callbackTitle: 'Redirección',
      step3Body:
        '{{product}} muestra su pantalla de consentimiento y luego redirige a tu URI de redirección con un código de un solo uso y tu state. Si el usuario deniega el acceso, recibes error=access_denied con tu state.',
      step4Title: '4. Intercambia el código por tokens',
      step4Body:
        'Desde tu servidor, codificado como formulario. Los códigos son de un solo uso y caducan enseguida.',
      step5Title: '5. Lee el usuario que ha iniciado sesión',
      step6Title: '6. Renueva el access token',
      step6Body:
        'Los refresh tokens rotan: cada renovación devuelve un refresh token nuevo y el anterior deja de funcionar.',
      step7Title: '7. Cierre de sesión: revoca los tokens',
    },
    endpoints: {
      title: 'Endpoints',
      intro:
        'Todos los endpoints están en esta instalación. Token y revoke aceptan las credenciales del cliente en el cuerpo del formulario (client_secret_post) o como HTTP Basic.',
      required: 'obligatorio',
      optional: 'opcional',
      response: 'Respuesta',
      authorize:
        'Inicia el inicio de sesión. Abre la pantalla de consentimiento en el navegador del usuario.',
      token: 'Intercambia un código de autorización, o un refresh token, por tokens.',
      tokenCode: 'grant_type=authorization_code',
      tokenRefresh: 'grant_type=refresh_token',
      userinfo: 'Devuelve los claims del usuario que ha iniciado sesión para los scopes concedidos.',
      userinfoHeader: 'Cabecera: Authorization: Bearer {access_token}',
      revoke: 'Revoca un access token o un refresh token. Siempre responde 200.',
      discovery: 'Documento de descubrimiento de OpenID Connect y claves de firma (JWKS).',
      p: {
        client_id: 'Tu ID de cliente',
        redirect_uri: 'Una de tus URI de redirección registradas',
        response_type: 'Debe ser code',
        scope: 'Separados por espacios: openid profile email',
        state: 'Valor aleatorio que se devuelve a tu URI de redirección',
        code_challenge: 'base64url(SHA-256(code_verifier))',
        code_challenge_method: 'Debe ser S256',
        client_secret: 'Tu secreto de cliente',
        code: 'El código de la redirección',
        code_verifier: 'El verifier PKCE de este inicio de sesión',
        refresh_token: 'El refresh token más reciente',
        token: 'El token que se va a revocar',
        token_type_hint: 'access_token o refresh_token',
      },
    },
    examples: {
      title: 'Ejemplos de código',
      intro:
        'Ejemplos completos para esta instalación, uno por tipo de app, cada uno con el ID de cliente de tu app más reciente de ese tipo. Node.js, Python y JavaScript son para una aplicación web: indica su secreto de cliente (o define OMNIA_CLIENT_ID y OMNIA_CLIENT_SECRET) y registra http://localhost:3000/callback como URI de redirección.',
      node: 'Node.js',
      python: 'Python',
      javascript: 'JavaScript',
      nodeRun:
        'Guárdalo como omnia-login.mjs y ejecuta: node omnia-login.mjs; después abre http://localhost:3000/login.',
      pythonRun:
        'Guárdalo como omnia_login.py y ejecuta: python3 omnia_login.py; después abre http://localhost:3000/login.',
      javascriptRun:
        'Un módulo ES de funciones estándar (fetch + Web Crypto) para cualquier entorno de JavaScript en servidor: llama a createAuthorizationRequest() cuando el usuario pulse Iniciar sesión y a handleCallback() en tu URI de redirección.',
      spa: 'App de una sola página',
      native: 'Línea de comandos',
      spaRun:
        'Añade OmniaLogin.jsx a una app React (npm i oidc-client-ts), renderiza <OmniaLogin /> y sirve también la app en /callback.',
      nativeRun:
        'Guárdalo como omnia-cli.mjs (npm i openid-client), ejecuta node omnia-cli.mjs y abre la dirección que muestra.',
      device: 'Dispositivo (código)',
      deviceRun:
        'Guárdalo como omnia-device.mjs (npm i openid-client), ejecuta node omnia-device.mjs e introduce el código que muestra en la dirección que muestra.',
      service: 'Servicio',
      serviceRun:
        'Guárdalo como omnia-service.mjs (npm i openid-client) y ejecútalo con OMNIA_CLIENT_SECRET, OMNIA_API (el identificador de tu API) y API_URL definidos.',
      api: 'Tu API (jose)',
      apiRun:
        'Guárdalo como omnia-api.mjs (npm i jose) y ejecútalo con OMNIA_API igual al identificador de tu API: acepta los tokens de Omnia para ella y rechaza los demás.',
    },
  },
} satisfies Translation<typeof en>;
