import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './activity.en';

/** What the app's page reports of its traffic: recent errors and logout deliveries (French). */
export default {
  logoutDeliveries: {
    title: 'Envois de déconnexion',
    subtitle: 'Jetons de déconnexion envoyés à votre URI back-channel, les plus récents d’abord.',
    empty: 'Aucun jeton envoyé pour l’instant.',
    failed: 'Les envois n’ont pas pu être chargés.',
    delivered: 'Remis',
    retrying: 'Nouvel essai prévu',
    failed_state: 'Échec',
    attempts_one: '{{count}} tentative',
    attempts_other: '{{count}} tentatives',
    lastAnswer: 'Dernière réponse : {{answer}}',
    nextAttempt: 'Prochain essai {{date}}',
    withSid: 'avec sid',
    reasons: {
      session_ended: `Déconnexion d’${PRODUCT_NAME}`,
      rp_logout: 'Déconnexion depuis l’app',
      app_revoked: 'Accès révoqué',
      account_deleted: 'Compte supprimé',
    },
  },
  recentErrors: {
    title: 'Erreurs récentes',
    subtitle: `Ce qu’${PRODUCT_NAME} a refusé des requêtes de cette app ces 7 derniers jours, les plus récentes d’abord.`,
    empty: 'Aucune erreur ces 7 derniers jours.',
    failed: 'Les erreurs n’ont pas pu être chargées.',
    endpoint: 'au point de terminaison {{endpoint}}',
  },
} satisfies Translation<typeof en>;
