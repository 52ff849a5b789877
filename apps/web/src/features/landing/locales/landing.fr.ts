import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './landing.en';

export default {
  nav: { login: 'Connexion', getStarted: 'Commencer', home: `Accueil ${PRODUCT_NAME}` },
  banner: {
    text: "Offre de lancement : inscrivez-vous maintenant et profitez d'un accès gratuit à vie aux services premium.",
    cta: 'Découvrir les offres de lancement',
    dismiss: 'Fermer la bannière',
  },
  hero: {
    eyebrow: 'Disponible',
    title: 'Un seul compte pour',
    titleAccent: 'tous vos services',
    subtitle: `${PRODUCT_NAME} vous offre une identité unique et sécurisée pour le stockage cloud, la messagerie, les environnements virtuels, l'apprentissage et les outils d'équipe. La création d'un compte est gratuite et prend moins d'une minute.`,
    getStarted: 'Commencer',
    explore: 'Découvrir les services',
    verified: 'Vérifié',
    trust: [
      'Compte gratuit pour toujours',
      'Stockage chiffré de bout en bout',
      'Connexion aux applications avec OAuth2',
    ],
  },
  why: {
    title: `Pourquoi choisir ${PRODUCT_NAME}`,
    subtitle: 'Tout ce dont vous avez besoin, derrière une seule connexion que vous maîtrisez.',
    security: {
      title: "La sécurité d'abord",
      body: 'Hachage moderne des mots de passe, adresse e-mail vérifiée, sessions de courte durée et écran de consentement pour chaque application qui demande vos données.',
    },
    storage: {
      title: 'Stockage illimité',
      body: 'Un stockage cloud chiffré et illimité avec CloudBliss. Vos fichiers sont chiffrés de sorte que même nos développeurs ne peuvent pas les lire.',
    },
    environments: {
      title: 'Environnements virtuels',
      body: 'Lancez des machines virtuelles temporaires et des environnements de test avec Sokuwe, pour les développeurs comme pour des équipes entières.',
    },
  },
  founders: {
    title: 'Le mot des fondateurs',
    subtitle: 'Pourquoi nous le construisons.',
    quotes: [
      {
        quote:
          "On jongle avec une dizaine de comptes pour une dizaine d'outils. Nous voulions une identité qui vous appartient, sécurisée par défaut, et qui fonctionne partout où vous travaillez.",
        name: 'Amara Okafor',
        role: 'Cofondatrice et CEO',
        initials: 'AO',
      },
      {
        quote:
          "La confidentialité ne devrait pas être une option premium. Tout ce que nous stockons est chiffré, et chaque application doit demander l'autorisation avant de voir quoi que ce soit.",
        name: 'Lukas Brenner',
        role: 'Cofondateur et CTO',
        initials: 'LB',
      },
    ],
  },
  services: {
    title: 'Nos services',
    subtitle: 'Un seul compte les ouvre tous.',
    error: 'Impossible de charger les services. Veuillez réessayer plus tard.',
    needsJavaScript:
      'La liste des services a besoin de JavaScript : activez-le dans votre navigateur pour les voir.',
  },
  cta: {
    title: 'Prêt à commencer ?',
    body: "Rejoignez-nous dès maintenant et profitez d'un accès gratuit à vie aux services premium pendant notre lancement.",
    button: 'Créer votre compte',
  },
  intro: {
    steps: ['Un seul compte', 'Tous les services', 'Confidentiel par conception', 'Conçu pour vous'],
    welcome: `Bienvenue sur ${PRODUCT_NAME}`,
    skip: "Passer l'intro",
  },
  celebration: {
    title: 'Fête de lancement',
    steps: [
      'Nous lançons !',
      `${PRODUCT_NAME} est disponible !`,
      'Offres de lancement spéciales',
      'Disponible maintenant !',
    ],
    bodies: [
      'Quelque chose de nouveau arrive.',
      "Un seul compte pour tous les services, dès aujourd'hui.",
      "Un accès gratuit à vie aux services premium pour tous ceux qui s'inscrivent pendant le lancement.",
      'Créez votre compte et réclamez vos services.',
    ],
    skip: 'Passer',
    explore: 'Découvrir les services',
  },
} satisfies Translation<typeof en>;
