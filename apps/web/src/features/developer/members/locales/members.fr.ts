import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './members.en';

/** Who manages an app, on the app's page (French). */
export default {
  title: 'Membres',
  subtitle:
    'Les personnes qui gèrent cette app avec vous. Les membres voient ses identifiants et ses statistiques et modifient ses réglages ; seul le propriétaire la supprime, change ses membres et la propose à l’un d’eux.',
  failed: "Les membres n'ont pas pu être chargés.",
  owner: 'Propriétaire',
  member: 'Membre',
  you: 'vous',
  noUsername: "Pas d'identifiant",
  addedOn: 'Ajouté le {{date}}',
  add: {
    label: 'Identifiant',
    placeholder: '@identifiant',
    hint: `L'identifiant de son compte ${PRODUCT_NAME}.`,
    submit: 'Ajouter un membre',
    adding: 'Ajout…',
  },
  remove: 'Retirer',
  removeLabel: 'Retirer @{{who}}',
  leave: "Quitter l'app",
  transfer: 'Rendre propriétaire',
  transferLabel: 'Rendre @{{who}} propriétaire',
  withdraw: "Retirer l'offre",
  withdrawLabel: "Retirer l'offre faite à @{{who}}",
  accept: 'Accepter la propriété',
  decline: 'Refuser',
  offeredTo: "App proposée, jusqu'au {{date}}",
  offeredToYou: "Le propriétaire vous propose l'app, jusqu'au {{date}}",
  cancel: 'Annuler',
  removeConfirm: {
    title: 'Retirer @{{who}} ?',
    body: '@{{who}} ne verra plus et ne gérera plus {{app}}.',
    confirm: 'Retirer',
  },
  leaveConfirm: {
    title: 'Quitter {{app}} ?',
    body: 'Vous ne la verrez plus et ne la gérerez plus. Seul son propriétaire peut vous ajouter à nouveau.',
    confirm: "Quitter l'app",
  },
  transferReplaces: 'Votre offre à @{{other}} est retirée.',
  transferConfirm: {
    title: 'Proposer {{app}} à @{{who}} ?',
    body: "@{{who}} en devient propriétaire s'il accepte sous 7 jours : lui seul pourra alors la supprimer et changer ses membres, et son nom apparaîtra comme éditeur. Vous restez membre.",
    confirm: "Envoyer l'offre",
  },
  acceptConfirm: {
    title: 'Devenir propriétaire de {{app}} ?',
    body: 'Elle vous appartiendra : vous seul pourrez la supprimer et changer ses membres, et votre nom apparaîtra comme éditeur sur les écrans de consentement. @{{owner}} reste membre.',
    confirm: 'Accepter la propriété',
  },
} satisfies Translation<typeof en>;
