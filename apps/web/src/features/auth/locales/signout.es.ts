import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './signout.en';

export default {
  title: `¿Cerrar sesión en ${PRODUCT_NAME}?`,
  body: `Una aplicación ha pedido cerrar tu sesión. Tu sesión en ella se cierra en cualquier caso; elige si cerrar también tu sesión de ${PRODUCT_NAME} en este navegador.`,
  confirm: 'Cerrar sesión',
  busy: 'Cerrando sesión...',
  stay: 'Mantener la sesión',
  failed: 'Esta solicitud de cierre de sesión ha caducado. Vuelve a empezar desde la aplicación.',
  doneTitle: 'Has cerrado sesión',
  doneBody: `Se ha cerrado tu sesión de ${PRODUCT_NAME} en este navegador.`,
  signIn: 'Iniciar sesión',
  home: 'Volver al inicio',
} satisfies Translation<typeof en>;
