import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './landing.en';

export default {
  nav: { login: 'Iniciar sesión', getStarted: 'Empezar', home: `Inicio de ${PRODUCT_NAME}` },
  banner: {
    text: 'Oferta de lanzamiento: regístrate ahora y obtén acceso gratuito de por vida a los servicios premium.',
    cta: 'Ver ofertas de lanzamiento',
    dismiss: 'Cerrar banner',
  },
  hero: {
    eyebrow: 'Ya disponible',
    title: 'Una cuenta para',
    titleAccent: 'todos tus servicios',
    subtitle: `${PRODUCT_NAME} te da una identidad única y segura para almacenamiento en la nube, chat, entornos virtuales, aprendizaje y herramientas de equipo. Crear una cuenta es gratis y lleva menos de un minuto.`,
    getStarted: 'Empezar',
    explore: 'Explorar servicios',
    verified: 'Verificado',
    trust: [
      'Cuenta gratis para siempre',
      'Almacenamiento cifrado de extremo a extremo',
      'Inicia sesión en apps con OAuth2',
    ],
  },
  why: {
    title: `Por qué elegir ${PRODUCT_NAME}`,
    subtitle: 'Todo lo que necesitas, con un único inicio de sesión que controlas tú.',
    security: {
      title: 'La seguridad, lo primero',
      body: 'Hash de contraseñas moderno, correo verificado, sesiones de corta duración y una pantalla de consentimiento para cada app que pida tus datos.',
    },
    storage: {
      title: 'Almacenamiento ilimitado',
      body: 'Almacenamiento en la nube cifrado e ilimitado con CloudBliss. Tus archivos están cifrados para que ni siquiera nuestros desarrolladores puedan leerlos.',
    },
    environments: {
      title: 'Entornos virtuales',
      body: 'Crea máquinas virtuales temporales y entornos de prueba con Sokuwe, para desarrolladores y equipos enteros.',
    },
  },
  founders: {
    title: 'De los fundadores',
    subtitle: 'Por qué lo estamos construyendo.',
    quotes: [
      {
        quote:
          'La gente hace malabares con una docena de cuentas para una docena de herramientas. Queríamos una identidad que sea tuya, segura por defecto y que funcione allí donde trabajes.',
        name: 'Amara Okafor',
        role: 'Cofundadora y CEO',
        initials: 'AO',
      },
      {
        quote:
          'La privacidad no debería ser una función premium. Todo lo que guardamos está cifrado, y cada app tiene que pedir permiso antes de ver nada.',
        name: 'Lukas Brenner',
        role: 'Cofundador y CTO',
        initials: 'LB',
      },
    ],
  },
  services: {
    title: 'Nuestros servicios',
    subtitle: 'Una sola cuenta los abre todos.',
    error: 'No se pudieron cargar los servicios. Inténtalo de nuevo más tarde.',
    needsJavaScript: 'La lista de servicios necesita JavaScript: actívalo en tu navegador para verlos.',
  },
  cta: {
    title: '¿Listo para empezar?',
    body: 'Únete ahora y consigue acceso gratuito de por vida a los servicios premium durante nuestro lanzamiento.',
    button: 'Crea tu cuenta',
  },
  intro: {
    steps: ['Una cuenta', 'Todos los servicios', 'Privado desde el diseño', 'Hecho para ti'],
    welcome: `Te damos la bienvenida a ${PRODUCT_NAME}`,
    skip: 'Saltar intro',
  },
  celebration: {
    title: 'Celebración de lanzamiento',
    steps: [
      '¡Nos lanzamos!',
      `¡${PRODUCT_NAME} ya está disponible!`,
      'Ofertas especiales de lanzamiento',
      '¡Disponible ya!',
    ],
    bodies: [
      'Algo nuevo ha llegado.',
      'Una cuenta para todos los servicios, desde hoy.',
      'Acceso gratuito de por vida a los servicios premium para todos los que se registren durante el lanzamiento.',
      'Crea tu cuenta y reclama tus servicios.',
    ],
    skip: 'Saltar',
    explore: 'Explorar servicios',
  },
} satisfies Translation<typeof en>;
