import type { Translation } from '@/lib/i18n';
import type en from './errors.en';

/** The server's public error texts in French, by error code. */
export default {
  validation_failed: "La requête n'est pas valide",
  invalid_json: "Le corps de la requête n'est pas un JSON valide",
  payload_too_large: 'Le corps de la requête est trop volumineux',
  unauthenticated: 'Utilisateur non authentifié',
  invalid_credentials: 'Adresse e-mail ou mot de passe incorrect',
  email_not_confirmed: 'Adresse e-mail non confirmée',
  email_taken: 'Un compte existe déjà avec cette adresse e-mail',
  username_taken: "Ce nom d'utilisateur est déjà pris",
  invalid_token: 'Ce lien est invalide ou a expiré',
  verify_password_required:
    'Définissez un mot de passe pour ce compte afin de terminer sa vérification dans ce navigateur',
  session_expired: 'Votre session a expiré, veuillez vous reconnecter',
  wrong_password: 'Le mot de passe actuel est incorrect',
  weak_password: 'Ce mot de passe est trop facile à deviner. Ajoutez des mots ou des caractères.',
  password_unchanged: 'Choisissez un nouveau mot de passe, pas celui que vous utilisez actuellement',
  invalid_code: "Ce code n'est pas valide. Vérifiez-le et réessayez.",
  two_step_expired:
    'La connexion a pris trop de temps. Saisissez à nouveau votre e-mail et votre mot de passe.',
  second_factor_required: "Confirmez avec votre application d'authentification ou un code de récupération",
  step_up_required: 'Confirmez votre identité pour continuer',
  totp_already_enabled: "Une application d'authentification est déjà configurée",
  totp_not_started: "Recommencez la configuration de l'application d'authentification",
  no_second_factor: "Configurez d'abord la validation en deux étapes",
  recovery_after_reset:
    'La récupération du compte peut être demandée 7 jours après une réinitialisation du mot de passe par e-mail. Si vous avez encore votre deuxième étape, connectez-vous avec elle.',
  passkey_invalid: "Cette clé d'accès n'a pas pu être utilisée. Réessayez.",
  email_unchanged: "C'est déjà votre adresse e-mail",
  rate_limited: 'Trop de tentatives, veuillez réessayer plus tard',
  resend_cooldown: 'Veuillez patienter avant de demander un nouvel e-mail',
  forbidden: "Vous n'avez pas accès à cette ressource",
  not_found: 'Introuvable',
  client_changed:
    'L’app a changé depuis qu’elle a été listée : listez à nouveau les clients et approuvez ce que vous voyez',
  client_links_missing:
    'L’application doit avoir une page d’accueil, une politique de confidentialité et des conditions d’utilisation avant d’être approuvée',
  service_unavailable: 'Ce service arrive bientôt et ne peut pas encore être réclamé.',
  unsupported_media_type: 'Seules les images PNG, JPEG, WebP et GIF sont acceptées',
  image_too_large: 'Les images ne doivent pas dépasser 5 Mo',
  invalid_image: "L'image n'a pas pu être lue",
  changed_meanwhile: 'Ceci a été modifié ailleurs au même moment. Rechargez et réessayez.',
  authenticator_unreadable:
    "Votre application d'authentification ne peut plus être vérifiée : utilisez un code de récupération ou une clé d'accès, puis configurez-la à nouveau",
  secret_unreadable: 'Ce secret ne peut plus être lu : renouvelez-le pour en obtenir un nouveau',
  database_unavailable: 'Le service est temporairement indisponible, veuillez réessayer',
  internal: "Une erreur inattendue s'est produite",
  network: 'Erreur réseau, veuillez vérifier votre connexion',
  rateLimitedIn: 'Trop de tentatives. Veuillez réessayer {{when}}.',
} satisfies Translation<typeof en>;
