import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './apis.en';

export default {
  back: 'Retour au tableau de bord développeur',
  cancel: 'Annuler',
  tab: 'API',
  list: {
    intro: `Protégez votre propre API avec ${PRODUCT_NAME} : les applications la demandent par son identifiant et reçoivent des jetons d’accès (JWT) que votre API vérifie avec les clés publiques d’${PRODUCT_NAME}.`,
    register: 'Enregistrer une API',
    emptyTitle: 'Aucune API pour l’instant',
    emptyBody: `Enregistrez une API pour que vos applications et services l’appellent avec des jetons d’accès ${PRODUCT_NAME}.`,
  },
  register: {
    title: 'Enregistrer une API',
    subtitle: 'Nommez-la, donnez son identifiant et décrivez ses scopes.',
    submit: 'Enregistrer l’API',
    submitting: 'Enregistrement...',
    done: 'API enregistrée',
    createdTitle: '{{name}} est enregistrée',
    createdBody:
      'Votre API utilise ces identifiants pour introspecter les jetons au endpoint d’introspection (HTTP Basic).',
    openApi: 'Ouvrir la page de l’API',
  },
  form: {
    name: 'Nom de l’API',
    namePlaceholder: 'API Commandes',
    identifier: 'Identifiant',
    identifierHint:
      'Une URI https qui nomme votre API, par exemple son adresse de base. Les applications l’envoient comme resource ; c’est l’aud de ses jetons et il ne change pas.',
    scopes: 'Scopes',
    scopesHint:
      'Ce que les applications peuvent faire avec votre API. Les personnes lisent chaque description sur l’écran de consentement.',
    scopeName: 'Nom du scope',
    scopeDescription: 'Ce qu’il permet (montré aux personnes)',
    scopeDescriptionPlaceholder: 'Voir vos commandes',
    addScope: 'Ajouter un scope',
    removeScope: 'Retirer le scope {{n}}',
  },
  detail: {
    notFound: 'API introuvable',
    identifierHint:
      'Identifiant : les applications l’envoient comme resource (RFC 8707) ; c’est l’aud de chaque jeton pour cette API.',
    scopes: 'Scopes',
  },
  credentials: {
    title: 'Identifiants d’introspection',
    hint: 'Votre API les envoie en HTTP Basic au endpoint d’introspection, et n’apprend rien que des jetons émis pour elle.',
    id: 'Client ID de l’API',
    secret: 'Secret de l’API',
    onceOnly: 'Copiez ce secret maintenant : il n’est affiché qu’une fois. Renouvelez-le si vous le perdez.',
    rotate: 'Renouveler le secret',
    rotated: 'Nouveau secret créé. L’ancien ne fonctionne plus.',
  },
  access: {
    title: 'Applications d’autres développeurs',
    hint: 'Les applications et services que vous avez enregistrés dans Mes applications, qui n’ont jamais eu d’autre propriétaire ni de membre, peuvent appeler cette API. Toute autre application, y compris une qu’un outil a enregistrée avec un jeton d’enregistrement, seulement une fois autorisée ici, avec les scopes choisis.',
    none: 'Aucune application d’un autre développeur ne peut appeler cette API.',
    clientId: 'Client ID de son application',
    scopes: 'Scopes qu’elle peut obtenir',
    allow: 'Autoriser l’application',
    allowed: 'Application autorisée',
    removed: 'Application plus autorisée',
    remove: 'Ne plus autoriser {{app}}',
    unnamedApp: 'Application non publiée ou supprimée',
  },
  edit: {
    open: 'Modifier l’API',
    title: 'Modifier l’API',
    body: 'Un scope retiré quitte aussitôt les autorisations de chaque application et n’est plus mis dans les jetons.',
    save: 'Enregistrer',
    saving: 'Enregistrement...',
    saved: 'API enregistrée',
  },
  delete: {
    open: 'Supprimer l’API',
    title: 'Supprimer {{name}} ?',
    body: 'Plus aucune application ne reçoit de jeton pour cette API. Les jetons déjà émis restent valides jusqu’à leur expiration (15 minutes au plus).',
    typeName: 'Saisissez {{name}} pour confirmer',
    confirm: 'Supprimer l’API',
    deleting: 'Suppression...',
    done: '{{name}} supprimée',
  },
} satisfies Translation<typeof en>;
