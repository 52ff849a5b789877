import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './members.en';

/** Who manages an app, on the app's page (Spanish). */
export default {
  title: 'Miembros',
  subtitle:
    'Personas que gestionan esta app contigo. Los miembros ven sus credenciales y estadísticas y cambian sus ajustes; solo el propietario la elimina, cambia sus miembros y la ofrece a uno de ellos.',
  failed: 'No se pudieron cargar los miembros.',
  owner: 'Propietario',
  member: 'Miembro',
  you: 'tú',
  noUsername: 'Sin nombre de usuario',
  addedOn: 'Añadido el {{date}}',
  add: {
    label: 'Nombre de usuario',
    placeholder: '@usuario',
    hint: `El nombre de usuario de su cuenta de ${PRODUCT_NAME}.`,
    submit: 'Añadir miembro',
    adding: 'Añadiendo…',
  },
  remove: 'Quitar',
  removeLabel: 'Quitar a @{{who}}',
  leave: 'Dejar la app',
  transfer: 'Hacer propietario',
  transferLabel: 'Hacer propietario a @{{who}}',
  withdraw: 'Retirar la oferta',
  withdrawLabel: 'Retirar la oferta a @{{who}}',
  accept: 'Aceptar la propiedad',
  decline: 'Rechazar',
  offeredTo: 'App ofrecida, hasta el {{date}}',
  offeredToYou: 'El propietario te ofrece la app, hasta el {{date}}',
  cancel: 'Cancelar',
  removeConfirm: {
    title: '¿Quitar a @{{who}}?',
    body: '@{{who}} ya no verá ni gestionará {{app}}.',
    confirm: 'Quitar',
  },
  leaveConfirm: {
    title: '¿Dejar {{app}}?',
    body: 'Ya no la verás ni la gestionarás. Solo su propietario puede volver a añadirte.',
    confirm: 'Dejar la app',
  },
  transferReplaces: 'Tu oferta a @{{other}} se retira.',
  transferConfirm: {
    title: '¿Ofrecer {{app}} a @{{who}}?',
    body: '@{{who}} pasa a ser su propietario si acepta en 7 días: entonces solo esa persona podrá eliminarla y cambiar sus miembros, y su nombre aparecerá como editor. Tú sigues como miembro.',
    confirm: 'Enviar oferta',
  },
  acceptConfirm: {
    title: '¿Aceptar la propiedad de {{app}}?',
    body: 'Será tuya: solo tú podrás eliminarla y cambiar sus miembros, y tu nombre aparecerá como editor en las pantallas de consentimiento. @{{owner}} sigue como miembro.',
    confirm: 'Aceptar la propiedad',
  },
} satisfies Translation<typeof en>;
