import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** Das Sicherheitsprofil einer App, auf ihrer Seite (Deutsch). */
export default {
  title: 'Sicherheitsprofil',
  subtitle:
    'Für Apps mit Finanz-, Gesundheits- oder Behördendaten: das FAPI-2.0-Sicherheitsprofil und die Standards, auf denen es aufbaut.',
  fapi: {
    label: 'FAPI-2.0-Sicherheitsprofil',
    hint: 'Schaltet alles ein, was das Profil verlangt: Pushed Authorization Requests, an DPoP gebundene Tokens, PKCE und Authentifizierung mit privatem Schlüssel. Refresh-Tokens werden nicht rotiert.',
    webOnly: 'Für Webanwendungen (Apps mit Server).',
  },
  par: {
    label: 'Pushed Authorization Requests verlangen',
    hint: 'Dein Server sendet jede Anmeldeanfrage zuerst an {{endpoint}} (RFC 9126); eine Anfrage in der URL wird abgelehnt.',
  },
  dpop: {
    label: 'DPoP verlangen',
    hint: 'Tokens werden an einen Schlüssel deiner App gebunden (RFC 9449): eine Token-Anfrage ohne DPoP-Nachweis wird abgelehnt, und ein gestohlenes Token ist ohne den Schlüssel nutzlos.',
  },
  byProfile: 'Vom FAPI-2.0-Profil verlangt.',
  auth: {
    legend: 'Client-Authentifizierung',
    secret: 'Client-Secret',
    secretHint: 'Dein Server sendet sein Client-Secret (HTTP Basic).',
    privateKeyJwt: 'Private-Key-JWT',
    privateKeyJwtHint: `Dein Server signiert eine kurze Assertion mit seinem privaten Schlüssel (PS256, ES256 oder EdDSA); ${PRODUCT_NAME} speichert nur deine öffentlichen Schlüssel.`,
  },
  jwks: {
    label: 'Öffentliche Schlüssel (JWKS)',
    hint: 'Füge dein JSON Web Key Set ein: nur öffentliche Schlüssel. Füge den neuen Schlüssel hinzu, bevor du ihn verwendest, und entferne den alten danach.',
    placeholder: '{"keys": [{"kty": "EC", "crv": "P-256", "x": "…", "y": "…", "kid": "…"}]}',
    uriLabel: 'Oder die URL deines Schlüsselsets',
    uriHint: `${PRODUCT_NAME} ruft sie über https ab und speichert sie zwischen.`,
    uriPlaceholder: 'https://app.example.com/.well-known/jwks.json',
  },
  save: 'Sicherheitsprofil speichern',
  saving: 'Wird gespeichert…',
  saved: 'Sicherheitsprofil gespeichert',
};
