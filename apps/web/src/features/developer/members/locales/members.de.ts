import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './members.en';

/** Who manages an app, on the app's page (German). */
export default {
  title: 'Mitglieder',
  subtitle:
    'Personen, die diese App mit Ihnen verwalten. Mitglieder sehen Zugangsdaten und Statistiken und ändern die Einstellungen; nur der Eigentümer löscht sie, ändert ihre Mitglieder und bietet sie einem von ihnen an.',
  failed: 'Die Mitglieder konnten nicht geladen werden.',
  owner: 'Eigentümer',
  member: 'Mitglied',
  you: 'Sie',
  noUsername: 'Kein Benutzername',
  addedOn: 'Hinzugefügt am {{date}}',
  add: {
    label: 'Benutzername',
    placeholder: '@benutzername',
    hint: `Der Benutzername des ${PRODUCT_NAME}-Kontos.`,
    submit: 'Mitglied hinzufügen',
    adding: 'Wird hinzugefügt…',
  },
  remove: 'Entfernen',
  removeLabel: '@{{who}} entfernen',
  leave: 'App verlassen',
  transfer: 'Zum Eigentümer machen',
  transferLabel: '@{{who}} zum Eigentümer machen',
  withdraw: 'Angebot zurückziehen',
  withdrawLabel: 'Angebot an @{{who}} zurückziehen',
  accept: 'Eigentum annehmen',
  decline: 'Ablehnen',
  offeredTo: 'App angeboten, bis {{date}}',
  offeredToYou: 'Der Eigentümer bietet Ihnen die App an, bis {{date}}',
  cancel: 'Abbrechen',
  removeConfirm: {
    title: '@{{who}} entfernen?',
    body: '@{{who}} kann {{app}} dann weder sehen noch verwalten.',
    confirm: 'Entfernen',
  },
  leaveConfirm: {
    title: '{{app}} verlassen?',
    body: 'Sie können die App dann weder sehen noch verwalten. Nur der Eigentümer kann Sie wieder hinzufügen.',
    confirm: 'App verlassen',
  },
  transferReplaces: 'Ihr Angebot an @{{other}} wird zurückgezogen.',
  transferConfirm: {
    title: '{{app}} an @{{who}} übergeben?',
    body: '@{{who}} wird Eigentümer, wenn die Person innerhalb von 7 Tagen annimmt: Dann kann nur sie die App löschen und ihre Mitglieder ändern, und ihr Name erscheint als Herausgeber. Sie bleiben Mitglied.',
    confirm: 'Angebot senden',
  },
  acceptConfirm: {
    title: 'Eigentum an {{app}} übernehmen?',
    body: 'Die App gehört dann Ihnen: Nur Sie können sie löschen und ihre Mitglieder ändern, und Ihr Name erscheint auf Zustimmungsseiten als Herausgeber. @{{owner}} bleibt Mitglied.',
    confirm: 'Eigentum annehmen',
  },
} satisfies Translation<typeof en>;
