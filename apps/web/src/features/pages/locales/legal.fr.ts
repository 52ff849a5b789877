import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './legal.en';

export default {
  privacy: {
    eyebrow: 'Mentions légales',
    title: 'Confidentialité',
    lead: `Ce que ${PRODUCT_NAME} conserve à votre sujet, pourquoi, où, combien de temps, et qui peut le voir.`,
    summary: {
      title: 'En bref',
      points: [
        'Nous conservons ce dont un compte a besoin pour fonctionner, et rien pour la publicité.',
        'Pas de mesure d’audience, pas de traceurs, pas de scripts ni de polices d’autres sites.',
        'Les mots de passe, les liens et les jetons ne sont conservés que sous forme de hachages, irréversibles.',
        'Vous pouvez télécharger tout ce que nous détenons sur vous, ou tout supprimer, à tout moment.',
      ],
    },
    stored: {
      title: 'Ce que nous conservons, pourquoi et combien de temps',
      what: 'Quoi',
      why: 'Pourquoi',
      kept: 'Durée',
      items: {
        account: {
          title: 'Votre compte',
          what: 'Votre adresse e-mail, votre mot de passe sous forme de hachage argon2id (jamais le mot de passe lui-même), la date de vérification de l’adresse et la date de création du compte.',
          why: 'Pour vous connecter et vous envoyer les e-mails dont votre compte a besoin.',
          kept: 'Jusqu’à la suppression de votre compte.',
        },
        profile: {
          title: 'Profil et préférences',
          what: 'Nom complet, nom d’utilisateur, date de naissance, biographie, photo de profil (réencodée, sans ses métadonnées), thème, langue, centres d’intérêt et services réclamés.',
          why: 'Pour afficher votre profil et adapter le site à vos choix.',
          kept: 'Jusqu’à ce que vous les modifiiez ou supprimiez votre compte.',
        },
        sessions: {
          title: 'Sessions',
          what: 'Pour chaque navigateur où vous êtes connecté : type d’appareil, système, navigateur, adresse IP, début et dernière activité. Le jeton de la session uniquement sous forme de hachage.',
          why: 'Pour vous garder connecté, et pour que vous puissiez voir et fermer vos sessions dans Paramètres → Sécurité.',
          kept: '{{idle}} après la dernière utilisation, ou {{ended}} après la déconnexion.',
        },
        signIns: {
          title: 'Historique des connexions',
          what: 'L’heure de chaque connexion, avec l’appareil, le système, le navigateur, la description complète du navigateur (user agent) et l’adresse IP.',
          why: 'Pour que vous repériez une connexion qui ne vient pas de vous (Paramètres → Sécurité).',
          kept: '{{days}}.',
        },
        security: {
          title: 'Activité de sécurité',
          what: 'Des événements comme les changements de mot de passe, les tentatives de connexion échouées, les applications autorisées ou révoquées, les seconds facteurs ajoutés ou retirés et les téléchargements de données, avec leur heure et leur adresse IP.',
          why: 'Pour que vous voyiez ce qui est arrivé à votre compte (Paramètres → Sécurité).',
          kept: '{{days}}.',
        },
        notifications: {
          title: 'Notifications',
          what: 'Les avis de la cloche : une nouvelle connexion (avec son navigateur, son système et son adresse IP), un mot de passe changé, une application autorisée, un second facteur modifié, et si vous avez lu chacun.',
          why: "Pour que le compte vous signale ce qui compte pour sa sécurité là où vous regardez d'abord.",
          kept: '{{days}}.',
        },
        factors: {
          title: 'Validation en deux étapes',
          what: 'Le secret de l’application d’authentification (chiffré), vos codes de récupération (uniquement sous forme de hachages) et vos clés d’accès (clé publique, nom, compteur d’utilisation, dernière utilisation).',
          why: 'Pour vérifier votre second facteur à la connexion.',
          kept: 'Jusqu’à ce que vous les désactiviez ou les retiriez.',
        },
        links: {
          title: 'Liens envoyés par e-mail',
          what: 'Les liens de vérification, de réinitialisation du mot de passe et de changement d’adresse, sous forme de hachages.',
          why: 'Pour vérifier un lien quand vous l’ouvrez, une seule fois.',
          kept: '{{days}} après l’utilisation ou l’expiration du lien ; un changement d’adresse, {{change}} après sa confirmation (ou sa demande, s’il n’est jamais confirmé).',
        },
        mail: {
          title: 'Les e-mails que nous vous envoyons',
          what: 'Chaque message (adresse, objet, texte) attend dans une file jusqu’à sa remise.',
          why: 'Pour qu’aucun message ne se perde quand le serveur de messagerie ne répond pas.',
          kept: 'Son texte jusqu’à sa remise (ou son abandon après environ un jour de nouvelles tentatives) ; son adresse et son objet, jusqu’à {{hours}} après sa mise en file.',
        },
        limits: {
          title: 'Protection contre les abus',
          what: 'Des compteurs de tentatives de connexion, d’inscription, de renvoi et de réinitialisation, par adresse e-mail et par adresse IP ; et de vos envois de fichiers, enregistrements d’applications et d’API et membres ajoutés, par compte.',
          why: 'Pour bloquer les essais de mots de passe et les envois d’e-mails en masse.',
          kept: 'De {{min}} à {{max}} (un jour pour celui qui envoie au plus un e-mail par jour de connexion suspendue) ; ceux du compte, jusqu’à un jour, et ils disparaissent avec lui.',
        },
        apps: {
          title: 'Les applications que vous autorisez',
          what: 'Quelle application, quelles autorisations vous avez accordées et quand. Les codes et jetons émis pour l’application uniquement sous forme de hachages.',
          why: 'Pour que l’application puisse vous connecter sans vous le redemander ; vous les voyez sous Applications connectées, dans Paramètres → Sécurité.',
          kept: `Jusqu’à ce que vous y révoquiez l’application, au plus {{grant}}. Jetons d’accès {{access}}, jetons d’actualisation {{refresh}}, la session de connexion pour les applications {{session}} (son enregistrement jusqu’à la fin de votre connexion à ${PRODUCT_NAME}, pour que la déconnexion mette aussi fin aux jetons des applications).`,
        },
        developer: {
          title: 'Programme développeurs',
          what: 'Si vous enregistrez des applications : leur nom, description, logo et adresses, leur secret (chiffré) et des événements d’utilisation (quelle action, quand et pour quel compte, pour compter leurs utilisateurs uniques ; les développeurs ne voient que des totaux).',
          why: 'Pour faire fonctionner vos applications et afficher leurs statistiques.',
          kept: 'Les applications jusqu’à leur suppression ; les événements d’utilisation {{days}}, puis seulement des totaux par action.',
        },
        logs: {
          title: 'Journaux du serveur',
          what: 'Pour chaque requête : la méthode, l’adresse sans sa chaîne de requête, le statut, la durée et un identifiant. Ni adresse IP, ni mot de passe, ni jeton.',
          why: 'Pour trouver la cause d’une erreur que vous nous signalez.',
          kept: 'Aussi longtemps que le stockage des journaux de l’opérateur les garde.',
        },
      },
    },
    where: {
      title: 'Où c’est conservé',
      body: `Tout est conservé dans la base de données PostgreSQL de ce site ${PRODUCT_NAME} ; les photos de profil et les logos d’applications dans son stockage de fichiers (le disque du serveur ou un bucket privé compatible S3). Les e-mails partent par le serveur de messagerie que l’opérateur du site a configuré. Rien n’est vendu ni transmis à des annonceurs.`,
    },
    who: {
      title: 'Qui peut le voir',
      you: 'Vous : tout, dans les Paramètres, et dans un seul fichier avec « Télécharger vos données » (Paramètres → Compte).',
      apps: 'Les applications que vous autorisez : seulement ce que vous avez accepté sur l’écran de consentement. Avec « profile », votre nom, nom d’utilisateur et photo ; avec « email », votre adresse et si elle est vérifiée. Ce que l’application conserve relève ensuite de sa propre politique de confidentialité.',
      others:
        'Les autres personnes : il n’y a pas de profil public, et personne ne peut consulter vos informations. Votre photo est servie à une adresse longue et non publiée : quiconque possède cette adresse (une application que vous avez autorisée, par exemple) peut l’ouvrir.',
      operator:
        'L’opérateur du site : les personnes qui gèrent ce site peuvent accéder à la base de données et aux fichiers pour faire fonctionner le service. Les mots de passe, les liens et les jetons sont des hachages qu’elles ne peuvent pas inverser ; les secrets sont chiffrés.',
    },
    choices: {
      title: 'Vos choix',
      body: 'Dans les Paramètres, vous pouvez modifier votre profil à tout moment, fermer des sessions, révoquer des applications et télécharger vos données. Supprimer votre compte efface immédiatement tout ce qui précède, sauf les e-mails déjà en file pour vous (remis, puis effacés sous {{hours}}) et les compteurs de tentatives (disparus à la fin de leur période). Aucune trace d’un compte supprimé n’est conservée.',
      settings: 'Ouvrir les Paramètres',
    },
    cookies: {
      title: 'Cookies et stockage du navigateur',
      body: 'Les cookies déposés par le site, et ce qu’il garde dans votre navigateur, sont décrits sur la page Cookies.',
      link: 'Cookies',
    },
  },
  cookies: {
    eyebrow: 'Mentions légales',
    title: 'Cookies',
    lead: `${PRODUCT_NAME} ne dépose que les cookies nécessaires pour vous connecter et protéger votre compte. Aucun cookie publicitaire ou de mesure d’audience, et aucun d’autres sites.`,
    flags: `Chacun est HttpOnly (les scripts de la page ne peuvent pas le lire), n’est envoyé qu’à la partie du site qui en a besoin (son chemin) et est Secure quand le site fonctionne en HTTPS ; les quatre que dépose ${PRODUCT_NAME} portent alors le préfixe __Host- (__Host-omnia_refresh, …) et sont envoyés à tout le site (/), si bien que votre navigateur ne les accepte que de ce site, jamais d’un autre site du même domaine. Visiter une page n’en dépose aucun : ils arrivent avec l’inscription, la connexion ou l’autorisation d’une application.`,
    listTitle: 'Les cookies',
    lifetime: 'Durée de vie',
    path: 'Envoyé à',
    sameSite: 'SameSite',
    signed: 'avec sa signature {{name}}',
    setBy: {
      accounts: `Déposé par ${PRODUCT_NAME}`,
      engine: 'Déposé par le service de connexion pour les applications (OAuth)',
    },
    purposes: {
      omnia_refresh:
        'Vous garde connecté : le jeton d’actualisation de votre session, remplacé par un nouveau à chaque utilisation.',
      omnia_engine:
        'Indique votre session au service de connexion pour les applications, pour qu’une application ne soit jamais connectée au nom d’une autre personne que celle connectée ici.',
      omnia_verify:
        'Fait que le lien de vérification ne vous connecte que dans le navigateur qui a servi à l’inscription.',
      omnia_two_step:
        'Retient que votre mot de passe était correct pendant que vous saisissez votre second facteur.',
      _session:
        'La session propre au service de connexion, pour que les applications que vous avez autorisées puissent vous connecter sans redemander.',
      _interaction: 'Relie l’écran de consentement à la demande de l’application pendant que vous décidez.',
      _interaction_resume: 'Vous ramène à la demande de l’application une fois votre décision prise.',
    },
    storage: {
      title: 'Dans le stockage de votre navigateur (pas des cookies)',
      body: 'Ces éléments restent dans votre navigateur et ne sont jamais envoyés au serveur. Effacer les données du site dans votre navigateur les supprime.',
      items: {
        'omnia-theme': 'Votre thème (sombre ou clair), appliqué avant l’affichage de la page.',
        'omnia-language': 'La langue choisie sur ce navigateur.',
        hasSeenAnimation: 'L’animation de bienvenue a été montrée : elle ne l’est plus.',
        launchCelebrationShown: 'Le message de lancement a été fermé : il ne réapparaît plus.',
        claimedServices:
          'Une copie des services que vous avez réclamés (la vraie liste est dans votre compte) ; supprimée à la déconnexion.',
        'omnia-authorize-handoff':
          'Quelques secondes, pendant que la demande d’une application est transmise au serveur, pour qu’un transfert manqué ne tourne pas en boucle (stockage de session : effacé à la fermeture de l’onglet).',
      },
      token:
        'Votre jeton d’accès n’existe que dans la mémoire de la page et n’est jamais enregistré : il disparaît à la fermeture de l’onglet.',
    },
    manage: {
      title: 'Gérer les cookies',
      body: 'Vous pouvez supprimer ces cookies dans les réglages de votre navigateur à tout moment : vous êtes alors déconnecté. Ils sont strictement nécessaires, il n’y a donc rien à accepter ni à refuser ; les bloquer rend la connexion impossible.',
    },
  },
} satisfies Translation<typeof en>;
