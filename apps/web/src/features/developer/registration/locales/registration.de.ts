/** Dynamische Client-Registrierung im Entwickler-Dashboard (Deutsch). */
export default {
  tab: 'Registrierung',
  title: 'Registrierungstokens',
  intro:
    'Ein Werkzeug (ein Deployment-Skript, eine CI-Pipeline, eine Plattform, die Apps für dich anlegt) registriert mit einem dieser Tokens Apps unter {{endpoint}} (RFC 7591). Seine Apps beginnen im Testmodus und gehören dir, wie die, die du hier registrierst (deine APIs erlauben sie aber erst, wenn du sie dort einträgst); jede erhält ein Registrierungs-Zugriffstoken, mit dem sie gelesen, geändert und gelöscht wird (RFC 7592).',
  create: {
    title: 'Neues Registrierungstoken',
    label: 'Name',
    placeholder: 'Deployment-Pipeline',
    lifetime: 'Läuft ab nach',
    lifetimes: { '1d': '1 Tag', '7d': '7 Tagen', '30d': '30 Tagen' },
    maxUses: 'Apps, die es registrieren darf',
    submit: 'Token erstellen',
    creating: 'Wird erstellt…',
  },
  once: 'Kopiere dieses Token jetzt: es wird nur einmal angezeigt. Wer es hat, kann bis zum Ablauf Apps in deinem Namen registrieren.',
  tokenLabel: 'Registrierungstoken',
  created: 'Registrierungstoken erstellt',
  empty: 'Keine Registrierungstokens. Apps, die du unter Meine Anwendungen registrierst, brauchen keines.',
  failed: 'Die Registrierungstokens konnten nicht geladen werden.',
  row: {
    uses: '{{uses}} von {{max}} Apps registriert',
    expires: 'Läuft ab am {{date}}',
    revoke: 'Widerrufen',
    revokeLabel: '{{label}} widerrufen',
  },
  revokeConfirm: {
    title: '{{label}} widerrufen?',
    body: 'Es registriert keine Apps mehr. Die Apps, die es registriert hat, bleiben mit ihren eigenen Zugangsdaten.',
    confirm: 'Token widerrufen',
    cancel: 'Abbrechen',
  },
  revoked: 'Registrierungstoken widerrufen',
  app: {
    title: 'Von einem Werkzeug registriert',
    body: 'Ein Werkzeug hat diese App am {{date}} mit einem deiner Registrierungstokens registriert. Sein Registrierungs-Zugriffstoken kann die App lesen, ändern und löschen (RFC 7592).',
    revoke: 'Zugriff des Werkzeugs widerrufen',
    confirmTitle: 'Zugriff des Werkzeugs widerrufen?',
    confirmBody:
      'Das Werkzeug kann {{app}} nicht mehr lesen, ändern oder löschen. Die App und ihre Zugangsdaten bleiben.',
    confirm: 'Zugriff widerrufen',
    cancel: 'Abbrechen',
    revoked: 'Der Zugriff des Werkzeugs wurde widerrufen',
  },
};
