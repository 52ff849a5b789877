import type { Translation } from '@/lib/i18n';
import type en from './members.en';

/** Who manages an app, on the app's page (French). */
export default {
  title: 'Membres',
  subtitle:
    'Les personnes qui gèrent cette app avec vous. Les membres voient ses identifiants et ses statistiques et modifient ses réglages ; seul le propriétaire la supprime, la transfère et change ses membres.',
  failed: "Les membres n'ont pas pu être chargés.",
  owner: 'Propriétaire',
  member: 'Membre',
  you: 'vous',
  noUsername: "Pas d'identifiant",
  addedOn: 'Ajouté le {{date}}',
  add: {
    label: 'Identifiant',
    placeholder: '@identifiant',
    hint: "L'identifiant de son compte Omnia.",
    submit: 'Ajouter un membre',
    adding: 'Ajout…',
  },
  remove: 'Retirer',
  removeLabel: 'Retirer @{{who}}',
  leave: "Quitter l'app",
  transfer: 'Rendre propriétaire',
  transferLabel: 'Rendre @{{who}} propriétaire',
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
  transferConfirm: {
    title: 'Rendre @{{who}} propriétaire ?',
    body: '@{{who}} possédera {{app}} : lui seul pourra la supprimer, la transférer et changer ses membres. Vous restez membre.',
    confirm: 'Transférer',
  },
} satisfies Translation<typeof en>;
