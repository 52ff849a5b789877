import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './notifications.en';

export default {
  title: 'Notifications',
  bell: 'Notifications',
  bellUnread_one: 'Notifications, {{count}} non lue',
  bellUnread_other: 'Notifications, {{count}} non lues',
  markAllRead: 'Tout marquer comme lu',
  unread: 'Non lue',
  loading: 'Chargement des notifications…',
  unavailable: "Les notifications n'ont pas pu être chargées.",
  retry: 'Réessayer',
  markFailed: 'Impossible de marquer la notification comme lue. Réessayez.',
  empty:
    "Vous n'avez aucune notification. Les avis de sécurité (une nouvelle connexion, un mot de passe modifié, une application autorisée) apparaîtront ici.",
  securitySettings: 'Paramètres de sécurité',
  unknown: 'Inconnu',
  browserOn: '{{browser}} sur {{os}}',
  kinds: {
    new_sign_in: {
      title: 'Nouvelle connexion à votre compte',
      body: 'Depuis {{where}}.',
      bodyWithIp: 'Depuis {{where}}, IP {{ip}}.',
    },
    password_changed: {
      title: 'Mot de passe modifié',
      body: 'Vos autres sessions ont été déconnectées.',
    },
    password_reset: {
      title: 'Mot de passe réinitialisé',
      body: 'Réinitialisé avec un lien envoyé par e-mail ; toutes les sessions ont été déconnectées.',
    },
    app_authorized: {
      title: 'Application autorisée',
      body: `{{app}} peut désormais utiliser votre compte ${PRODUCT_NAME}.`,
    },
    second_factor_added: {
      totp: "Application d'authentification activée",
      passkey: "Clé d'accès ajoutée",
      body: 'La validation en deux étapes protège vos connexions.',
      passkeyBody: 'Elle permet de se connecter à votre compte sans le mot de passe.',
    },
    second_factor_removed: {
      totp: "Application d'authentification désactivée",
      passkey: "Clé d'accès supprimée",
      body: "Si ce n'était pas vous, vérifiez vos paramètres de sécurité.",
    },
    recovery_codes_regenerated: {
      title: 'Nouveaux codes de récupération',
      body: 'Les anciens codes ne fonctionnent plus.',
    },
    recovery_code_used: {
      title: 'Un code de récupération a été utilisé',
      body_one: 'Il vous reste {{count}} code.',
      body_other: 'Il vous reste {{count}} codes.',
      none: 'Il ne vous reste aucun code : créez-en de nouveaux dans vos paramètres de sécurité.',
    },
    second_factor_removal_scheduled: {
      title: 'La validation en deux étapes va être désactivée',
      body: 'Une demande de récupération a déclaré toutes les étapes perdues : elle sera désactivée le {{date}}, sauf si vous l’annulez.',
    },
    second_factor_kept: {
      title: 'Validation en deux étapes conservée',
    },
    account_locked: {
      title: 'Connexion suspendue',
      body_one: 'Après plusieurs tentatives échouées, la connexion a été suspendue pendant {{count}} minute.',
      body_other:
        'Après plusieurs tentatives échouées, la connexion a été suspendue pendant {{count}} minutes.',
    },
    email_change_requested: {
      title: "Changement d'adresse e-mail demandé",
      body: "Un lien pour l'annuler a été envoyé à votre adresse actuelle.",
    },
    email_changed: {
      title: 'Adresse e-mail modifiée',
      body: 'Votre compte se connecte désormais avec sa nouvelle adresse.',
    },
    app_changed: {
      title: 'Une de vos applications a été modifiée',
      body: 'Les réglages de {{app}} ont été modifiés dans le Programme développeurs.',
      review:
        '{{app}} a été modifiée ; son nouveau nom, sa description, son logo ou ses adresses attendent une vérification.',
    },
    app_change_decided: {
      approved: 'Modification d’application approuvée',
      rejected: 'Modification d’application refusée',
      body: `${PRODUCT_NAME} a vérifié la modification de {{app}}.`,
    },
    app_members_changed: {
      added: 'Un membre a été ajouté à votre app',
      addedBody: '@{{who}} peut désormais voir et gérer {{app}}.',
      removed: 'Un membre a été retiré de votre app',
      removedBody: '@{{who}} ne gère plus {{app}}.',
      left: 'Un membre a quitté votre app',
      leftBody: '@{{who}} ne gère plus {{app}}.',
      added_you: 'Vous avez été ajouté à une app',
      added_youBody:
        '@{{who}} vous a ajouté à {{app}} : vous pouvez désormais la voir et la gérer. Quittez-la dans Membres, sur sa page, si vous ne vous y attendiez pas.',
      added_youBodyUnnamed:
        'Vous avez été ajouté à {{app}} : vous pouvez désormais la voir et la gérer. Quittez-la dans Membres, sur sa page, si vous ne vous y attendiez pas.',
      removed_you: "Vous avez été retiré d'une app",
      removed_youBody: '@{{who}} vous a retiré de {{app}}. Vous ne la gérez plus.',
      removed_youBodyUnnamed: 'Vous ne gérez plus {{app}} : son propriétaire vous a retiré.',
      offered: 'On vous propose une app',
      offeredBody: '@{{who}} vous propose {{app}}. Acceptez ou refusez dans Membres, sur sa page.',
      withdrawn: "Une offre d'app a été retirée",
      withdrawnBody: '@{{who}} ne vous propose plus {{app}}.',
      declined: 'Une offre de votre app a été refusée',
      declinedBody: '@{{who}} a refusé de devenir propriétaire de {{app}}.',
      transferred: 'Une app a changé de propriétaire',
      transferredBody: '{{app}} appartient désormais à @{{who}}.',
    },
    app_registered: {
      title: 'Une application a été enregistrée en votre nom',
      body: '{{app}} a été enregistrée avec votre jeton d’enregistrement « {{token}} ». Révoquez le jeton si ce n’était pas vous.',
    },
    other: {
      title: 'Avis de sécurité',
    },
  },
} satisfies Translation<typeof en>;
