import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './pages.en';

export default {
  updated: 'Última actualización: {{date}}',
  signUp: 'Crea tu cuenta',
  about: {
    eyebrow: 'Empresa',
    title: `Acerca de ${PRODUCT_NAME}`,
    lead: `${PRODUCT_NAME} es una sola cuenta para un conjunto de servicios, y un inicio de sesión que otras aplicaciones pueden usar.`,
    sections: [
      {
        title: 'Una sola cuenta',
        body: 'Regístrate con tu correo electrónico, verifícalo y usa la misma cuenta en todos los servicios: CloudBliss (almacenamiento), Voge (chat), Sokuwe (entornos virtuales), Luupz (aprendizaje) y Taskcel (tareas de equipo). Algunos aún están en desarrollo o llegarán pronto; sus tarjetas en la página de inicio lo indican.',
      },
      {
        title: 'Inicia sesión en otras aplicaciones',
        body: `${PRODUCT_NAME} es un proveedor OAuth 2.0 y OpenID Connect. Los desarrolladores registran sus aplicaciones en el Programa para desarrolladores. Cuando una aplicación pide tus datos, ${PRODUCT_NAME} te muestra qué quiere y tú lo permites o lo rechazas; puedes retirar el acceso cuando quieras en Configuración.`,
      },
      {
        title: 'Privado desde el diseño',
        body: 'Las contraseñas se guardan solo como hashes argon2id, los enlaces y tokens solo como hashes y los secretos de las aplicaciones cifrados. Sin publicidad, sin analítica, sin scripts de otros sitios. La página de Privacidad dice exactamente qué se guarda y durante cuánto tiempo.',
      },
      {
        title: 'Joven, y honesto al respecto',
        body: `${PRODUCT_NAME} acaba de lanzarse. La interfaz habla inglés, español, francés y alemán, y la verificación en dos pasos y las llaves de acceso ya protegen tu cuenta; el resto de servicios llegará cuando esté listo.`,
      },
    ],
  },
  careers: {
    eyebrow: 'Empresa',
    title: 'Empleo',
    lead: 'No hay puestos vacantes en este momento.',
    body: `Cuando ${PRODUCT_NAME} contrate, las ofertas aparecerán en esta página, cada una con el puesto y cómo presentarse. Hasta entonces no hay nada a lo que presentarse, y no recogemos candidaturas por adelantado.`,
    follow: '¿Quieres enterarte cuando cambie? La página de Contacto dice dónde encontrarnos.',
    contact: 'Contacto',
  },
  blog: {
    eyebrow: 'Empresa',
    title: 'Blog',
    lead: 'Todavía no hay publicaciones.',
    body: `Las novedades de ${PRODUCT_NAME} se publicarán aquí. Hasta la primera publicación, la página de Contacto dice dónde seguirnos.`,
    contact: 'Contacto',
  },
  contact: {
    eyebrow: 'Empresa',
    title: 'Contacto',
    lead: `Cómo obtener ayuda y cómo contactar con el equipo de ${PRODUCT_NAME}.`,
    account: {
      title: 'Ayuda con tu cuenta',
      body: 'Casi todo lo puedes hacer tú mismo, en cualquier momento:',
      forgot: '¿Olvidaste tu contraseña? Pide un enlace para restablecerla',
      settings: 'Sesiones, aplicaciones conectadas, tus datos y eliminar tu cuenta: Configuración',
    },
    security: {
      title: '¿Algo que no hiciste tú?',
      body: 'Si Configuración → Seguridad muestra un inicio de sesión o un cambio que no fue tuyo, cambia allí tu contraseña y cierra todas las demás sesiones.',
    },
    developers: {
      title: 'Desarrolladores',
      body: 'La documentación del Programa para desarrolladores explica el flujo de autorización, los endpoints y ejemplos de código.',
      link: 'Documentación para desarrolladores',
    },
    team: {
      title: 'Todo lo demás',
      body: 'Escribe al equipo donde estamos:',
    },
  },
  terms: {
    eyebrow: 'Legal',
    title: 'Términos de uso',
    lead: `Las reglas para usar ${PRODUCT_NAME}, en palabras sencillas.`,
    sections: [
      {
        title: 'Tu cuenta',
        body: 'Crear una cuenta es gratis. Usa una dirección de correo que sea tuya, no compartas tu contraseña y activa la verificación en dos pasos si puedes: lo que se hace con tu cuenta se hace en tu nombre.',
      },
      {
        title: 'Uso justo',
        body: 'No intentes entrar en cuentas que no son tuyas, saturar el servicio ni usarlo para infringir la ley. Los intentos de inicio de sesión, registro y restablecimiento están limitados para proteger a todos.',
      },
      {
        title: `Aplicaciones que usan ${PRODUCT_NAME}`,
        body: 'Una aplicación registrada en el Programa para desarrolladores solo puede usarla su desarrollador hasta que se aprueba; una aplicación rechazada deja de funcionar. Una aplicación recibe solo lo que permites en la pantalla de consentimiento, y lo que hace con ello se rige por sus propios términos. Puedes revocar su acceso en Configuración.',
      },
      {
        title: 'Tus datos',
        body: 'Tu perfil, tu foto y todo lo demás que nos das siguen siendo tuyos. Solo se usan para prestar el servicio, como describe la página de Privacidad, y puedes descargarlos o eliminarlos junto con tu cuenta.',
      },
      {
        title: 'Servicios del conjunto',
        body: 'Los servicios marcados como «En desarrollo» o «Próximamente» aún no están disponibles.',
      },
      {
        title: 'Darte de baja',
        body: 'Puedes eliminar tu cuenta en cualquier momento en Configuración → Cuenta. Se elimina al instante, con todo lo que se guarda sobre ti.',
      },
      {
        title: 'Sin garantías',
        body: `${PRODUCT_NAME} es un servicio joven, que se ofrece tal cual. Trabajamos para mantenerlo en marcha y tus datos a salvo, pero no podemos prometer que nunca se interrumpa.`,
      },
      {
        title: 'Cambios',
        body: 'Cuando estos términos cambien, esta página cambiará con ellos, y la fecha de abajo dirá cuándo.',
      },
    ],
  },
} satisfies Translation<typeof en>;
