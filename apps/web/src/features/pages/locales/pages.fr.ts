import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './pages.en';

export default {
  updated: 'Dernière mise à jour : {{date}}',
  signUp: 'Créez votre compte',
  about: {
    eyebrow: 'Entreprise',
    title: `À propos de ${PRODUCT_NAME}`,
    lead: `${PRODUCT_NAME}, c’est un seul compte pour une suite de services, et une connexion que d’autres applications peuvent utiliser.`,
    sections: [
      {
        title: 'Un seul compte',
        body: 'Inscrivez-vous avec votre adresse e-mail, vérifiez-la et utilisez le même compte pour chaque service de la suite : CloudBliss (stockage), Voge (messagerie), Sokuwe (environnements virtuels), Luupz (apprentissage) et Taskcel (tâches d’équipe). Certains sont encore en développement ou bientôt disponibles ; leurs cartes sur la page d’accueil l’indiquent.',
      },
      {
        title: 'Connectez-vous à d’autres applications',
        body: `${PRODUCT_NAME} est un fournisseur OAuth 2.0 et OpenID Connect. Les développeurs enregistrent leurs applications dans le Programme développeurs. Quand une application demande vos données, ${PRODUCT_NAME} vous montre ce qu’elle veut, et vous acceptez ou refusez ; vous pouvez retirer l’accès à tout moment dans les Paramètres.`,
      },
      {
        title: 'Confidentiel par conception',
        body: 'Les mots de passe ne sont conservés que sous forme de hachages argon2id, les liens et jetons que sous forme de hachages, les secrets des applications chiffrés. Pas de publicité, pas de mesure d’audience, pas de scripts d’autres sites. La page Confidentialité dit exactement ce qui est conservé et combien de temps.',
      },
      {
        title: 'Jeune, et honnête à ce sujet',
        body: `${PRODUCT_NAME} vient d’être lancé. L’interface parle anglais, espagnol, français et allemand, et la validation en deux étapes et les clés d’accès protègent déjà votre compte ; le reste de la suite arrive quand il est prêt.`,
      },
    ],
  },
  careers: {
    eyebrow: 'Entreprise',
    title: 'Carrières',
    lead: 'Aucun poste n’est ouvert pour le moment.',
    body: `Quand ${PRODUCT_NAME} recrutera, les offres seront publiées sur cette page, chacune avec le poste et la façon de postuler. D’ici là, il n’y a rien à quoi postuler, et nous ne recueillons pas de candidatures à l’avance.`,
    follow: 'Vous voulez savoir quand cela changera ? La page Contact indique où nous trouver.',
    contact: 'Contact',
  },
  blog: {
    eyebrow: 'Entreprise',
    title: 'Blog',
    lead: 'Aucun article pour l’instant.',
    body: `Les nouvelles de ${PRODUCT_NAME} seront publiées ici. En attendant le premier article, la page Contact indique où nous suivre.`,
    contact: 'Contact',
  },
  contact: {
    eyebrow: 'Entreprise',
    title: 'Contact',
    lead: `Comment obtenir de l’aide et comment joindre l’équipe ${PRODUCT_NAME}.`,
    account: {
      title: 'De l’aide pour votre compte',
      body: 'Vous pouvez faire presque tout vous-même, à tout moment :',
      forgot: 'Mot de passe oublié ? Recevez un lien de réinitialisation',
      settings: 'Sessions, applications connectées, vos données et la suppression du compte : Paramètres',
    },
    security: {
      title: 'Quelque chose que vous n’avez pas fait ?',
      body: 'Si Paramètres → Sécurité montre une connexion ou une modification qui ne vient pas de vous, changez-y votre mot de passe et déconnectez toutes les autres sessions.',
    },
    developers: {
      title: 'Développeurs',
      body: 'La documentation du Programme développeurs décrit le flux d’autorisation, les points de terminaison et des exemples de code.',
      link: 'Documentation développeurs',
    },
    team: {
      title: 'Pour tout le reste',
      body: 'Écrivez à l’équipe là où nous sommes :',
    },
  },
  terms: {
    eyebrow: 'Mentions légales',
    title: 'Conditions d’utilisation',
    lead: `Les règles d’utilisation de ${PRODUCT_NAME}, en termes simples.`,
    sections: [
      {
        title: 'Votre compte',
        body: 'La création d’un compte est gratuite. Utilisez une adresse e-mail qui vous appartient, gardez votre mot de passe pour vous et activez la validation en deux étapes si vous le pouvez : ce qui est fait avec votre compte l’est en votre nom.',
      },
      {
        title: 'Usage loyal',
        body: 'N’essayez pas d’accéder à des comptes qui ne sont pas les vôtres, de saturer le service ou de l’utiliser pour enfreindre la loi. Les tentatives de connexion, d’inscription et de réinitialisation sont limitées pour protéger tout le monde.',
      },
      {
        title: `Les applications qui utilisent ${PRODUCT_NAME}`,
        body: 'Une application enregistrée dans le Programme développeurs ne peut être utilisée que par son développeur jusqu’à son approbation ; une application refusée cesse de fonctionner. Une application ne reçoit que ce que vous autorisez sur l’écran de consentement, et ce qu’elle en fait relève de ses propres conditions. Vous pouvez révoquer son accès dans les Paramètres.',
      },
      {
        title: 'Vos données',
        body: 'Votre profil, votre photo et tout ce que vous nous confiez restent à vous. Ils ne servent qu’à faire fonctionner le service, comme le décrit la page Confidentialité, et vous pouvez les télécharger ou les supprimer avec votre compte.',
      },
      {
        title: 'Les services de la suite',
        body: 'Les services marqués « En développement » ou « Bientôt disponible » ne sont pas encore accessibles.',
      },
      {
        title: 'Partir',
        body: 'Vous pouvez supprimer votre compte à tout moment dans Paramètres → Compte. Il est supprimé immédiatement, avec tout ce qui est conservé à votre sujet.',
      },
      {
        title: 'Aucune garantie',
        body: `${PRODUCT_NAME} est un service jeune, fourni tel quel. Nous faisons le nécessaire pour qu’il fonctionne et que vos données soient en sécurité, mais nous ne pouvons pas promettre qu’il ne sera jamais interrompu.`,
      },
      {
        title: 'Modifications',
        body: 'Quand ces conditions changent, cette page change avec elles, et la date ci-dessous indique quand.',
      },
    ],
  },
} satisfies Translation<typeof en>;
