import type { Translation } from '@/lib/i18n';
import type en from './members.en';

/** Who manages an app, on the app's page (German). */
export default {
  title: 'Mitglieder',
  subtitle:
    'Personen, die diese App mit Ihnen verwalten. Mitglieder sehen Zugangsdaten und Statistiken und ändern die Einstellungen; nur der Eigentümer löscht oder überträgt sie und ändert ihre Mitglieder.',
  failed: 'Die Mitglieder konnten nicht geladen werden.',
  owner: 'Eigentümer',
  member: 'Mitglied',
  you: 'Sie',
  noUsername: 'Kein Benutzername',
  addedOn: 'Hinzugefügt am {{date}}',
  add: {
    label: 'Benutzername',
    placeholder: '@benutzername',
    hint: 'Der Benutzername des Omnia-Kontos.',
    submit: 'Mitglied hinzufügen',
    adding: 'Wird hinzugefügt…',
  },
  remove: 'Entfernen',
  removeLabel: '@{{who}} entfernen',
  leave: 'App verlassen',
  transfer: 'Zum Eigentümer machen',
  transferLabel: '@{{who}} zum Eigentümer machen',
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
  transferConfirm: {
    title: '@{{who}} zum Eigentümer machen?',
    body: '@{{who}} wird Eigentümer von {{app}}: Nur diese Person kann die App dann löschen, übertragen und ihre Mitglieder ändern. Sie bleiben Mitglied.',
    confirm: 'Übertragen',
  },
} satisfies Translation<typeof en>;
