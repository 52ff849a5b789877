import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './webhooks.en';

/** An app's webhook and its deliveries, on the app's page (French). */
export default {
  card: {
    title: 'Webhook',
    subtitle: `${PRODUCT_NAME} envoie des événements signés à votre serveur quand il arrive quelque chose à vos utilisateurs ou à votre app.`,
    none: 'Pas encore de webhook.',
    add: 'Ajouter un webhook',
    edit: 'Modifier',
    editLabel: 'Modifier le webhook',
    url: 'URL du point de terminaison',
    urlPlaceholder: 'https://example.com/webhooks/omnia',
    urlHint: 'Une adresse https de votre serveur (http seulement pour localhost pendant le développement).',
    events: 'Événements',
    save: 'Enregistrer le webhook',
    saving: 'Enregistrement…',
    cancel: 'Annuler',
    sendTest: 'Envoyer un événement de test',
    rotate: 'Renouveler le secret de signature',
    remove: 'Supprimer le webhook',
    previousUntil: "L'ancien secret de signature signe aussi les envois jusqu'au {{date}}.",
    failed: "Le webhook n'a pas pu être chargé.",
    verifyHint: `Chaque envoi porte un en-tête ${PRODUCT_NAME}-Signature : un HMAC-SHA256 de son horodatage et de son corps sous votre secret de signature. Vérifiez-le avant de vous fier à l'événement.`,
  },
  events: {
    user_updated: {
      label: 'Profil modifié',
      hint: 'Une personne qui utilise votre app a changé son nom, son identifiant, sa photo ou son e-mail.',
    },
    user_deleted: {
      label: 'Compte supprimé',
      hint: 'Une personne qui utilisait votre app a supprimé son compte.',
    },
    grant_revoked: { label: 'Accès révoqué', hint: 'Une personne a retiré votre app dans Apps connectées.' },
    app_approved: { label: 'App approuvée', hint: 'Votre app a été approuvée pour tout le monde.' },
    app_rejected: { label: 'App refusée', hint: 'Votre app a été refusée.' },
    app_changes_reviewed: {
      label: 'Modifications examinées',
      hint: 'Une modification en attente a été approuvée ou refusée.',
    },
    ping: { label: 'Événement de test', hint: 'Envoyé quand vous appuyez sur Envoyer un événement de test.' },
  },
  secret: {
    title: 'Secret de signature',
    once: "Copiez-le maintenant : il n'est affiché que cette fois. Votre serveur s'en sert pour vérifier chaque envoi.",
    done: "Je l'ai copié",
  },
  rotateConfirm: {
    title: 'Renouveler le secret de signature ?',
    body: "Un nouveau secret est créé et affiché une fois. L'actuel continue aussi de signer pendant 24 heures : vous pouvez déployer le nouveau sans manquer d'envoi.",
    confirm: 'Renouveler',
    endsPrevious:
      'Le secret remplacé lors de la dernière rotation cesse de signer maintenant, et non le {{date}} : seuls le secret actuel et le nouveau signeront.',
  },
  removeConfirm: {
    title: 'Supprimer ce webhook ?',
    body: `${PRODUCT_NAME} n'envoie plus d'événements à {{url}}. Les envois pas encore faits sont abandonnés.`,
    confirm: 'Supprimer',
  },
  deliveries: {
    title: 'Envois du webhook',
    subtitle: 'Événements envoyés à votre point de terminaison, les plus récents en premier.',
    empty: 'Aucun événement envoyé pour le moment.',
    failed: "Les envois n'ont pas pu être chargés.",
    delivered: 'Remis',
    retrying: 'Nouvel essai prévu',
    failed_state: 'Échec',
    attempts_one: '{{count}} tentative',
    attempts_other: '{{count}} tentatives',
    lastAnswer: 'Dernière réponse : {{answer}}',
    nextAttempt: 'Prochain essai {{date}}',
    resend: 'Renvoyer',
    resendLabel: "Renvoyer l'événement {{event}} du {{date}}",
  },
} satisfies Translation<typeof en>;
