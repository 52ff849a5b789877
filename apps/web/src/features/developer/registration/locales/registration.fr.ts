/** Enregistrement dynamique de clients sur le tableau de bord développeur (français). */
export default {
  tab: 'Enregistrement',
  title: 'Jetons d’enregistrement',
  intro:
    'Un outil (un script de déploiement, une chaîne d’intégration continue, une plateforme qui crée des applications pour vous) enregistre des applications avec l’un de ces jetons sur {{endpoint}} (RFC 7591). Ses applications démarrent en mode test, à votre nom, comme celles que vous enregistrez ici (mais vos API ne les autorisent qu’une fois ajoutées à leur liste) ; chacune reçoit un jeton d’accès d’enregistrement qui la lit, la met à jour et la supprime (RFC 7592).',
  create: {
    title: 'Nouveau jeton d’enregistrement',
    label: 'Nom',
    placeholder: 'Chaîne de déploiement',
    lifetime: 'Expire après',
    lifetimes: { '1d': '1 jour', '7d': '7 jours', '30d': '30 jours' },
    maxUses: 'Applications qu’il peut enregistrer',
    submit: 'Créer le jeton',
    creating: 'Création…',
  },
  once: 'Copiez ce jeton maintenant : il n’est affiché qu’une fois. Quiconque le détient peut enregistrer des applications en votre nom jusqu’à son expiration.',
  tokenLabel: 'Jeton d’enregistrement',
  created: 'Jeton d’enregistrement créé',
  empty:
    'Aucun jeton d’enregistrement. Les applications que vous enregistrez dans Mes applications n’en ont pas besoin.',
  failed: 'Les jetons d’enregistrement n’ont pas pu être chargés.',
  row: {
    uses: '{{uses}} sur {{max}} applications enregistrées',
    expires: 'Expire le {{date}}',
    revoke: 'Révoquer',
    revokeLabel: 'Révoquer {{label}}',
  },
  revokeConfirm: {
    title: 'Révoquer {{label}} ?',
    body: 'Il n’enregistre plus d’applications. Celles qu’il a enregistrées restent, avec leurs propres identifiants.',
    confirm: 'Révoquer le jeton',
    cancel: 'Annuler',
  },
  revoked: 'Jeton d’enregistrement révoqué',
  app: {
    title: 'Enregistrée par un outil',
    body: 'Un outil a enregistré cette application le {{date}} avec l’un de vos jetons d’enregistrement. Son jeton d’accès d’enregistrement peut lire, modifier et supprimer l’application (RFC 7592).',
    revoke: 'Révoquer l’accès de l’outil',
    confirmTitle: 'Révoquer l’accès de l’outil ?',
    confirmBody:
      'L’outil ne pourra plus lire, modifier ni supprimer {{app}}. L’application et ses identifiants restent.',
    confirm: 'Révoquer l’accès',
    cancel: 'Annuler',
    revoked: 'L’accès de l’outil a été révoqué',
  },
};
