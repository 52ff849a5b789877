import type { Translation } from '@/lib/i18n';
import type en from './members.en';

/** Who manages an app, on the app's page (Spanish). */
export default {
  title: 'Miembros',
  subtitle:
    'Personas que gestionan esta app contigo. Los miembros ven sus credenciales y estadísticas y cambian sus ajustes; solo el propietario la elimina o la transfiere y cambia sus miembros.',
  failed: 'No se pudieron cargar los miembros.',
  owner: 'Propietario',
  member: 'Miembro',
  you: 'tú',
  noUsername: 'Sin nombre de usuario',
  addedOn: 'Añadido el {{date}}',
  add: {
    label: 'Nombre de usuario',
    placeholder: '@usuario',
    hint: 'El nombre de usuario de su cuenta de Omnia.',
    submit: 'Añadir miembro',
    adding: 'Añadiendo…',
  },
  remove: 'Quitar',
  removeLabel: 'Quitar a @{{who}}',
  leave: 'Dejar la app',
  transfer: 'Hacer propietario',
  transferLabel: 'Hacer propietario a @{{who}}',
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
  transferConfirm: {
    title: '¿Hacer propietario a @{{who}}?',
    body: '@{{who}} será el propietario de {{app}}: solo él podrá eliminarla, transferirla y cambiar sus miembros. Tú sigues como miembro.',
    confirm: 'Transferir',
  },
} satisfies Translation<typeof en>;
