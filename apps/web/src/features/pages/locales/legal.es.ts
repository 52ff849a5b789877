import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './legal.en';

export default {
  privacy: {
    eyebrow: 'Legal',
    title: 'Privacidad',
    lead: `Qué guarda ${PRODUCT_NAME} sobre ti, por qué, dónde, durante cuánto tiempo y quién puede verlo.`,
    summary: {
      title: 'En resumen',
      points: [
        'Guardamos lo que una cuenta necesita para funcionar, y nada para publicidad.',
        'Sin analítica, sin rastreadores, sin scripts ni fuentes de otros sitios.',
        'Las contraseñas, los enlaces y los tokens se guardan solo como hashes, que no se pueden revertir.',
        'Puedes descargar todo lo que tenemos sobre ti, o borrarlo todo, en cualquier momento.',
      ],
    },
    stored: {
      title: 'Qué guardamos, por qué y durante cuánto tiempo',
      what: 'Qué',
      why: 'Por qué',
      kept: 'Se guarda',
      items: {
        account: {
          title: 'Tu cuenta',
          what: 'Tu dirección de correo, tu contraseña como hash argon2id (nunca la contraseña en sí), cuándo se verificó la dirección y cuándo se creó la cuenta.',
          why: 'Para iniciar tu sesión y enviarte los correos que tu cuenta necesita.',
          kept: 'Hasta que elimines tu cuenta.',
        },
        profile: {
          title: 'Perfil y preferencias',
          what: 'Nombre completo, nombre de usuario, fecha de nacimiento, biografía, foto de perfil (recodificada, sin sus metadatos), tema, idioma, intereses y los servicios que reclamaste.',
          why: 'Para mostrar tu perfil y adaptar el sitio a ti.',
          kept: 'Hasta que los cambies o elimines tu cuenta.',
        },
        sessions: {
          title: 'Sesiones',
          what: 'Para cada navegador en el que tienes la sesión iniciada: tipo de dispositivo, sistema, navegador, dirección IP, cuándo empezó y cuándo estuvo activo por última vez. El token de la sesión solo como hash.',
          why: 'Para mantener tu sesión iniciada, y para que puedas ver y cerrar tus sesiones en Configuración → Seguridad.',
          kept: '{{idle}} desde el último uso, o {{ended}} después de cerrar la sesión.',
        },
        signIns: {
          title: 'Historial de inicios de sesión',
          what: 'La hora de cada inicio de sesión, con el dispositivo, el sistema, el navegador, la descripción completa del navegador (user agent) y la dirección IP.',
          why: 'Para que detectes un inicio de sesión que no fue tuyo (Configuración → Seguridad).',
          kept: '{{days}}.',
        },
        security: {
          title: 'Actividad de seguridad',
          what: 'Eventos como cambios de contraseña, intentos fallidos de inicio de sesión, aplicaciones autorizadas o revocadas, segundos factores añadidos o eliminados y descargas de datos, con su hora y dirección IP.',
          why: 'Para que veas qué ha pasado con tu cuenta (Configuración → Seguridad).',
          kept: '{{days}}.',
        },
        notifications: {
          title: 'Notificaciones',
          what: 'Los avisos de la campana: un nuevo inicio de sesión (con su navegador, sistema y dirección IP), una contraseña cambiada, una aplicación que permitiste, un segundo factor cambiado, y si has leído cada uno.',
          why: 'Para que la cuenta te avise de lo que importa para su seguridad donde miras primero.',
          kept: '{{days}}.',
        },
        factors: {
          title: 'Verificación en dos pasos',
          what: 'El secreto de la aplicación de autenticación (cifrado), tus códigos de recuperación (solo como hashes) y tus llaves de acceso (clave pública, nombre, contador de uso, último uso).',
          why: 'Para comprobar tu segundo factor al iniciar sesión.',
          kept: 'Hasta que los desactives o los elimines.',
        },
        links: {
          title: 'Enlaces por correo',
          what: 'Enlaces de verificación, de restablecimiento de contraseña y de cambio de dirección, como hashes.',
          why: 'Para comprobar un enlace cuando lo abres, una sola vez.',
          kept: '{{days}} después de usarse o caducar; un cambio de dirección, {{change}} después de confirmarse (o de pedirse, si nunca se confirma).',
        },
        mail: {
          title: 'Correos que te enviamos',
          what: 'Cada mensaje (dirección, asunto, texto) espera en una cola hasta que se entrega.',
          why: 'Para que no se pierda ningún mensaje mientras el servidor de correo no responde.',
          kept: 'Su texto hasta la entrega (o hasta abandonarlo tras un día de reintentos); su dirección y su asunto, hasta {{hours}} después de ponerlo en cola.',
        },
        limits: {
          title: 'Protección contra abusos',
          what: 'Contadores de intentos de inicio de sesión, registro, reenvío y restablecimiento, por dirección de correo y por dirección IP; y de tus subidas, registros de aplicaciones y API y miembros añadidos, por cuenta.',
          why: 'Para frenar la adivinación de contraseñas y los envíos masivos de correos.',
          kept: 'De {{min}} a {{max}} (un día el que envía como mucho un correo al día de inicio de sesión en pausa); los de la cuenta, hasta un día, y se borran con ella.',
        },
        apps: {
          title: 'Aplicaciones que autorizas',
          what: 'Qué aplicación, qué permisos le diste y cuándo. Los códigos y tokens emitidos para la aplicación solo como hashes.',
          why: 'Para que la aplicación pueda iniciar tu sesión sin preguntarte cada vez; las ves en Aplicaciones conectadas, en Configuración → Seguridad.',
          kept: `Hasta que revoques la aplicación allí, como máximo {{grant}}. Tokens de acceso {{access}}, tokens de actualización {{refresh}}, la sesión de inicio para aplicaciones {{session}} (su registro hasta que termine tu sesión de ${PRODUCT_NAME}, para que cerrar sesión también termine los tokens de las aplicaciones).`,
        },
        developer: {
          title: 'Programa para desarrolladores',
          what: 'Si registras aplicaciones: su nombre, descripción, logotipo y direcciones, su secreto (cifrado) y eventos de uso (qué acción, cuándo y para qué cuenta, para contar sus usuarios únicos; los desarrolladores solo ven recuentos).',
          why: 'Para que tus aplicaciones funcionen y mostrar sus estadísticas.',
          kept: 'Las aplicaciones hasta que las elimines; los eventos de uso {{days}}, después solo totales por acción.',
        },
        logs: {
          title: 'Registros del servidor',
          what: 'Para cada petición: el método, la dirección sin su consulta, el estado, la duración y un identificador. Ni dirección IP, ni contraseñas, ni tokens.',
          why: 'Para encontrar la causa de un error que nos comuniques.',
          kept: 'Lo que los conserve el almacenamiento de registros del operador.',
        },
      },
    },
    where: {
      title: 'Dónde se guarda',
      body: `Todo se guarda en la base de datos PostgreSQL de este sitio de ${PRODUCT_NAME}; las fotos de perfil y los logotipos de aplicaciones, en su almacenamiento de archivos (el disco del servidor o un bucket privado compatible con S3). Los correos salen por el servidor de correo que ha configurado el operador del sitio. Nada se vende ni se cede a anunciantes.`,
    },
    who: {
      title: 'Quién puede verlo',
      you: 'Tú: todo, en Configuración, y en un solo archivo con «Descargar tus datos» (Configuración → Cuenta).',
      apps: 'Las aplicaciones que permites: solo lo que aceptaste en la pantalla de consentimiento. Con «profile», tu nombre, nombre de usuario y foto; con «email», tu dirección y si está verificada. Lo que la aplicación conserve queda bajo su propia política de privacidad.',
      others:
        'Otras personas: no hay perfil público, y nadie puede consultar tus datos. Tu foto se sirve en una dirección larga y no publicada: quien tenga esa dirección (una aplicación que permitiste, por ejemplo) puede abrirla.',
      operator:
        'El operador del sitio: las personas que gestionan este sitio pueden acceder a la base de datos y a los archivos para mantener el servicio. Las contraseñas, los enlaces y los tokens son hashes que no pueden revertir; los secretos están cifrados.',
    },
    choices: {
      title: 'Tus opciones',
      body: 'En Configuración puedes cambiar tu perfil cuando quieras, cerrar sesiones, revocar aplicaciones y descargar tus datos. Eliminar tu cuenta borra al instante todo lo anterior, salvo los correos ya en cola para ti (se entregan y se borran en {{hours}}) y los contadores de intentos (desaparecen al terminar su periodo). No se guarda ningún registro de una cuenta eliminada.',
      settings: 'Abrir Configuración',
    },
    cookies: {
      title: 'Cookies y almacenamiento del navegador',
      body: 'Qué cookies usa el sitio, y qué guarda en tu navegador, está en la página de Cookies.',
      link: 'Cookies',
    },
  },
  cookies: {
    eyebrow: 'Legal',
    title: 'Cookies',
    lead: `${PRODUCT_NAME} usa solo las cookies que necesita para iniciar tu sesión y proteger tu cuenta. Ninguna de publicidad ni de analítica, y ninguna de otros sitios.`,
    flags: `Todas son HttpOnly (los scripts de la página no pueden leerlas), se envían solo a la parte del sitio que las necesita (su ruta) y son Secure cuando el sitio funciona con HTTPS; entonces las cuatro que crea ${PRODUCT_NAME} llevan el prefijo __Host- (__Host-omnia_refresh, …) y se envían a todo el sitio (/), así tu navegador solo las acepta de este sitio, nunca de otro bajo el mismo dominio. Visitar una página no crea ninguna: llegan al registrarte, al iniciar sesión o al autorizar una aplicación.`,
    listTitle: 'Las cookies',
    lifetime: 'Duración',
    path: 'Se envía a',
    sameSite: 'SameSite',
    signed: 'con su firma {{name}}',
    setBy: {
      accounts: `La crea ${PRODUCT_NAME}`,
      engine: 'La crea el servicio de inicio de sesión para aplicaciones (OAuth)',
    },
    purposes: {
      omnia_refresh:
        'Mantiene tu sesión iniciada: el token de actualización de tu sesión, sustituido por uno nuevo cada vez que se usa.',
      omnia_engine:
        'Indica tu sesión al servicio de inicio de sesión para aplicaciones, para que una aplicación nunca inicie sesión como alguien distinto de quien la tiene iniciada aquí.',
      omnia_verify:
        'Hace que el enlace de verificación inicie tu sesión solo en el navegador con el que te registraste.',
      omnia_two_step: 'Recuerda que tu contraseña era correcta mientras introduces tu segundo factor.',
      _session:
        'La sesión propia del servicio de inicio de sesión, para que las aplicaciones que permitiste puedan iniciar tu sesión sin volver a preguntar.',
      _interaction: 'Vincula la pantalla de consentimiento a la petición de la aplicación mientras decides.',
      _interaction_resume: 'Te devuelve a la petición de la aplicación una vez que has decidido.',
    },
    storage: {
      title: 'En el almacenamiento de tu navegador (no son cookies)',
      body: 'Se quedan en tu navegador y nunca se envían al servidor. Al borrar los datos del sitio en tu navegador desaparecen.',
      items: {
        'omnia-theme': 'Tu tema (oscuro o claro), aplicado antes de que aparezca la página.',
        'omnia-language': 'El idioma que elegiste en este navegador.',
        hasSeenAnimation: 'La animación de bienvenida ya se mostró, así que no vuelve a aparecer.',
        launchCelebrationShown: 'El mensaje de lanzamiento se cerró, así que no vuelve a aparecer.',
        claimedServices:
          'Una copia de los servicios que reclamaste (la lista real está en tu cuenta); se borra al cerrar sesión.',
        'omnia-authorize-handoff':
          'Unos segundos, mientras la petición de una aplicación pasa al servidor, para que un traspaso fallido no se repita en bucle (almacenamiento de sesión: desaparece al cerrar la pestaña).',
      },
      token:
        'Tu token de acceso solo está en la memoria de la página y nunca se guarda: desaparece al cerrar la pestaña.',
    },
    manage: {
      title: 'Gestionar las cookies',
      body: 'Puedes borrar estas cookies en la configuración de tu navegador cuando quieras: entonces se cierra tu sesión. Son estrictamente necesarias, así que no hay nada que aceptar ni rechazar; bloquearlas impide iniciar sesión.',
    },
  },
} satisfies Translation<typeof en>;
