/** Registro dinámico de clientes en el panel de desarrolladores (español). */
export default {
  tab: 'Registro',
  title: 'Tokens de registro',
  intro:
    'Una herramienta (un script de despliegue, una canalización de CI, una plataforma que crea apps por ti) registra apps con uno de estos tokens en {{endpoint}} (RFC 7591). Sus apps empiezan en modo de prueba, a tu nombre, como las que registras aquí (pero tus APIs solo las permiten cuando las añades a su lista); cada una trae un token de acceso de registro que la lee, la actualiza y la elimina (RFC 7592).',
  create: {
    title: 'Nuevo token de registro',
    label: 'Nombre',
    placeholder: 'Canalización de despliegue',
    lifetime: 'Caduca después de',
    lifetimes: { '1d': '1 día', '7d': '7 días', '30d': '30 días' },
    maxUses: 'Apps que puede registrar',
    submit: 'Crear token',
    creating: 'Creando…',
  },
  once: 'Copia este token ahora: solo se muestra una vez. Quien lo tenga puede registrar apps a tu nombre hasta que caduque.',
  tokenLabel: 'Token de registro',
  created: 'Token de registro creado',
  empty: 'No hay tokens de registro. Las apps que registras en Mis aplicaciones no los necesitan.',
  failed: 'No se pudieron cargar los tokens de registro.',
  row: {
    uses: '{{uses}} de {{max}} apps registradas',
    expires: 'Caduca el {{date}}',
    revoke: 'Revocar',
    revokeLabel: 'Revocar {{label}}',
  },
  revokeConfirm: {
    title: '¿Revocar {{label}}?',
    body: 'No registrará más apps. Las apps que registró se quedan, con sus propias credenciales.',
    confirm: 'Revocar token',
    cancel: 'Cancelar',
  },
  revoked: 'Token de registro revocado',
  app: {
    title: 'Registrada por una herramienta',
    body: 'Una herramienta registró esta app el {{date}} con uno de tus tokens de registro. Su token de acceso de registro puede leer, cambiar y eliminar la app (RFC 7592).',
    revoke: 'Revocar el acceso de la herramienta',
    confirmTitle: '¿Revocar el acceso de la herramienta?',
    confirmBody:
      'La herramienta ya no podrá leer, cambiar ni eliminar {{app}}. La app y sus credenciales se quedan.',
    confirm: 'Revocar acceso',
    cancel: 'Cancelar',
    revoked: 'Se revocó el acceso de la herramienta',
  },
};
