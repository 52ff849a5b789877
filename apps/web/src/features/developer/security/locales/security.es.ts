import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** El perfil de seguridad de una app, en su página (español). */
export default {
  title: 'Perfil de seguridad',
  subtitle:
    'Para apps que manejan dinero, salud o datos de la administración: el perfil de seguridad FAPI 2.0 y los estándares sobre los que se construye.',
  fapi: {
    label: 'Perfil de seguridad FAPI 2.0',
    hint: 'Activa todo lo que exige el perfil: solicitudes de autorización enviadas (PAR), tokens vinculados con DPoP, PKCE y autenticación con clave privada. Los tokens de actualización no se rotan.',
    webOnly: 'Para aplicaciones web (apps con servidor).',
  },
  par: {
    label: 'Exigir solicitudes de autorización enviadas (PAR)',
    hint: 'Tu servidor envía primero cada solicitud de inicio de sesión a {{endpoint}} (RFC 9126); una solicitud enviada en la URL se rechaza.',
  },
  dpop: {
    label: 'Exigir DPoP',
    hint: 'Los tokens quedan vinculados a una clave que tiene tu app (RFC 9449): una solicitud de token sin prueba DPoP se rechaza, y un token robado no sirve sin la clave.',
  },
  byProfile: 'Lo exige el perfil FAPI 2.0.',
  auth: {
    legend: 'Autenticación del cliente',
    secret: 'Secreto del cliente',
    secretHint: 'Tu servidor envía su secreto de cliente (HTTP Basic).',
    privateKeyJwt: 'JWT con clave privada',
    privateKeyJwtHint: `Tu servidor firma una aserción breve con su clave privada (PS256, ES256 o EdDSA); ${PRODUCT_NAME} solo guarda tus claves públicas.`,
  },
  jwks: {
    label: 'Claves públicas (JWKS)',
    hint: 'Pega tu JSON Web Key Set: solo claves públicas. Añade la clave nueva antes de usarla y quita la antigua después.',
    placeholder: '{"keys": [{"kty": "EC", "crv": "P-256", "x": "…", "y": "…", "kid": "…"}]}',
    uriLabel: 'O la URL de tu conjunto de claves',
    uriHint: `${PRODUCT_NAME} la descarga por https y la guarda en caché.`,
    uriPlaceholder: 'https://app.example.com/.well-known/jwks.json',
  },
  save: 'Guardar perfil de seguridad',
  saving: 'Guardando…',
  saved: 'Perfil de seguridad guardado',
};
