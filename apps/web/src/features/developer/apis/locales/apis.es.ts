import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './apis.en';

export default {
  back: 'Volver al panel de desarrollador',
  cancel: 'Cancelar',
  tab: 'API',
  list: {
    intro: `Protege tu propia API con ${PRODUCT_NAME}: las apps la piden por su identificador y reciben tokens de acceso (JWT) que tu API verifica con las claves públicas de ${PRODUCT_NAME}.`,
    register: 'Registrar una API',
    emptyTitle: 'Aún no hay API',
    emptyBody: `Registra una API para que tus apps y servicios la llamen con tokens de acceso de ${PRODUCT_NAME}.`,
  },
  register: {
    title: 'Registrar una API',
    subtitle: 'Ponle nombre, indica su identificador y describe sus scopes.',
    submit: 'Registrar API',
    submitting: 'Registrando...',
    done: 'API registrada',
    createdTitle: '{{name}} está registrada',
    createdBody:
      'Tu API usa estas credenciales para introspeccionar tokens en el endpoint de introspección (HTTP Basic).',
    openApi: 'Abrir la página de la API',
  },
  form: {
    name: 'Nombre de la API',
    namePlaceholder: 'API de pedidos',
    identifier: 'Identificador',
    identifierHint:
      'Una URI https que nombra tu API, por ejemplo su dirección base. Las apps la envían como resource; es el aud de sus tokens y no puede cambiar.',
    scopes: 'Scopes',
    scopesHint:
      'Lo que las apps pueden hacer con tu API. Las personas leen cada descripción en la pantalla de consentimiento.',
    scopeName: 'Nombre del scope',
    scopeDescription: 'Qué permite (se muestra a las personas)',
    scopeDescriptionPlaceholder: 'Ver tus pedidos',
    addScope: 'Añadir scope',
    removeScope: 'Quitar el scope {{n}}',
  },
  detail: {
    notFound: 'API no encontrada',
    identifierHint:
      'Identificador: las apps lo envían como resource (RFC 8707); es el aud de cada token para esta API.',
    scopes: 'Scopes',
  },
  credentials: {
    title: 'Credenciales de introspección',
    hint: 'Tu API las envía con HTTP Basic al endpoint de introspección y solo conoce los tokens emitidos para ella.',
    id: 'Client ID de la API',
    secret: 'Secreto de la API',
    onceOnly: 'Copia este secreto ahora: solo se muestra una vez. Rótalo si lo pierdes.',
    rotate: 'Rotar secreto',
    rotated: 'Nuevo secreto creado. El anterior ya no funciona.',
  },
  access: {
    title: 'Apps de otros desarrolladores',
    hint: 'Las apps y servicios que registraste en Mis aplicaciones, que nunca tuvieron otro propietario ni miembros, pueden llamar a esta API. Cualquier otra app, incluida una que una herramienta registró con un token de registro, solo cuando la permitas aquí, con los scopes que elijas.',
    none: 'Ninguna app de otro desarrollador puede llamar a esta API.',
    clientId: 'Client ID de su app',
    scopes: 'Scopes que puede obtener',
    allow: 'Permitir app',
    allowed: 'App permitida',
    removed: 'La app ya no está permitida',
    remove: 'Dejar de permitir {{app}}',
    unnamedApp: 'App sin publicar o eliminada',
  },
  edit: {
    open: 'Editar API',
    title: 'Editar API',
    body: 'Un scope que quites sale de inmediato de lo permitido a cada app y ya no se pone en los tokens.',
    save: 'Guardar',
    saving: 'Guardando...',
    saved: 'API guardada',
  },
  delete: {
    open: 'Eliminar API',
    title: '¿Eliminar {{name}}?',
    body: 'Ninguna app recibirá más tokens para esta API. Los tokens ya emitidos siguen siendo válidos hasta que caduquen (15 minutos como máximo).',
    typeName: 'Escribe {{name}} para confirmar',
    confirm: 'Eliminar API',
    deleting: 'Eliminando...',
    done: '{{name}} eliminada',
  },
} satisfies Translation<typeof en>;
