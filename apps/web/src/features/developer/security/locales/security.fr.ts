import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** Le profil de sécurité d’une application, sur sa page (français). */
export default {
  title: 'Profil de sécurité',
  subtitle:
    'Pour les applications qui traitent de l’argent, des données de santé ou d’administration : le profil de sécurité FAPI 2.0 et les standards sur lesquels il repose.',
  fapi: {
    label: 'Profil de sécurité FAPI 2.0',
    hint: 'Active tout ce que le profil exige : requêtes d’autorisation poussées (PAR), jetons liés par DPoP, PKCE et authentification par clé privée. Les jetons de rafraîchissement ne sont pas renouvelés.',
    webOnly: 'Pour les applications web (avec un serveur).',
  },
  par: {
    label: 'Exiger les requêtes d’autorisation poussées (PAR)',
    hint: 'Votre serveur pousse d’abord chaque demande de connexion vers {{endpoint}} (RFC 9126) ; une demande envoyée dans l’URL est refusée.',
  },
  dpop: {
    label: 'Exiger DPoP',
    hint: 'Les jetons sont liés à une clé que détient votre application (RFC 9449) : une demande de jeton sans preuve DPoP est refusée, et un jeton volé ne sert à rien sans la clé.',
  },
  byProfile: 'Exigé par le profil FAPI 2.0.',
  auth: {
    legend: 'Authentification du client',
    secret: 'Secret client',
    secretHint: 'Votre serveur envoie son secret client (HTTP Basic).',
    privateKeyJwt: 'JWT signé par clé privée',
    privateKeyJwtHint: `Votre serveur signe une courte assertion avec sa clé privée (PS256, ES256 ou EdDSA) ; ${PRODUCT_NAME} ne garde que vos clés publiques.`,
  },
  jwks: {
    label: 'Clés publiques (JWKS)',
    hint: 'Collez votre JSON Web Key Set : uniquement des clés publiques. Ajoutez la nouvelle clé avant de l’utiliser, retirez l’ancienne ensuite.',
    placeholder: '{"keys": [{"kty": "EC", "crv": "P-256", "x": "…", "y": "…", "kid": "…"}]}',
    uriLabel: 'Ou l’URL de votre jeu de clés',
    uriHint: `${PRODUCT_NAME} la récupère en https et la met en cache.`,
    uriPlaceholder: 'https://app.example.com/.well-known/jwks.json',
  },
  save: 'Enregistrer le profil de sécurité',
  saving: 'Enregistrement…',
  saved: 'Profil de sécurité enregistré',
};
