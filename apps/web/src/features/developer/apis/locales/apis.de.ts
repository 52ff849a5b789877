import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './apis.en';

export default {
  back: 'Zurück zum Entwickler-Dashboard',
  cancel: 'Abbrechen',
  tab: 'APIs',
  list: {
    intro: `Schützen Sie Ihre eigene API mit ${PRODUCT_NAME}: Apps fragen sie über ihren Bezeichner an und erhalten Zugriffstokens (JWTs), die Ihre API mit den öffentlichen Schlüsseln von ${PRODUCT_NAME} prüft.`,
    register: 'API registrieren',
    emptyTitle: 'Noch keine APIs',
    emptyBody: `Registrieren Sie eine API, damit Ihre Apps und Dienste sie mit ${PRODUCT_NAME}-Zugriffstokens aufrufen.`,
  },
  register: {
    title: 'API registrieren',
    subtitle: 'Geben Sie ihr einen Namen und einen Bezeichner und beschreiben Sie ihre Scopes.',
    submit: 'API registrieren',
    submitting: 'Wird registriert...',
    done: 'API registriert',
    createdTitle: '{{name}} ist registriert',
    createdBody: 'Ihre API prüft mit diesen Zugangsdaten Tokens am Introspection-Endpunkt (HTTP Basic).',
    openApi: 'Seite der API öffnen',
  },
  form: {
    name: 'API-Name',
    namePlaceholder: 'Bestell-API',
    identifier: 'Bezeichner',
    identifierHint:
      'Eine https-URI, die Ihre API benennt, zum Beispiel ihre Basisadresse. Apps senden sie als resource; sie ist das aud ihrer Tokens und ändert sich nicht.',
    scopes: 'Scopes',
    scopesHint:
      'Was Apps mit Ihrer API tun dürfen. Personen lesen jede Beschreibung auf dem Zustimmungsbildschirm.',
    scopeName: 'Scope-Name',
    scopeDescription: 'Was er erlaubt (wird Personen gezeigt)',
    scopeDescriptionPlaceholder: 'Ihre Bestellungen ansehen',
    addScope: 'Scope hinzufügen',
    removeScope: 'Scope {{n}} entfernen',
  },
  detail: {
    notFound: 'API nicht gefunden',
    identifierHint:
      'Bezeichner: Apps senden ihn als resource (RFC 8707); er ist das aud jedes Tokens für diese API.',
    scopes: 'Scopes',
  },
  credentials: {
    title: 'Introspection-Zugangsdaten',
    hint: 'Ihre API sendet sie per HTTP Basic an den Introspection-Endpunkt und erfährt nur etwas über Tokens, die für sie ausgestellt wurden.',
    id: 'Client ID der API',
    secret: 'Secret der API',
    onceOnly:
      'Kopieren Sie dieses Secret jetzt: Es wird nur einmal angezeigt. Erneuern Sie es, wenn Sie es verlieren.',
    rotate: 'Secret erneuern',
    rotated: 'Neues Secret erstellt. Das alte funktioniert nicht mehr.',
  },
  access: {
    title: 'Apps anderer Entwickler',
    hint: 'Apps und Dienste, die Sie unter Meine Anwendungen registriert haben und die nie einen anderen Eigentümer oder ein Mitglied hatten, dürfen diese API aufrufen. Jede andere App, auch eine, die ein Werkzeug mit einem Registrierungstoken registriert hat, erst, wenn Sie sie hier erlauben, mit den gewählten Scopes.',
    none: 'Keine App eines anderen Entwicklers darf diese API aufrufen.',
    clientId: 'Client ID ihrer App',
    scopes: 'Scopes, die sie erhalten darf',
    allow: 'App erlauben',
    allowed: 'App erlaubt',
    removed: 'App nicht mehr erlaubt',
    remove: '{{app}} nicht mehr erlauben',
    unnamedApp: 'Unveröffentlichte oder gelöschte App',
  },
  edit: {
    open: 'API bearbeiten',
    title: 'API bearbeiten',
    body: 'Ein entfernter Scope verschwindet sofort aus den Erlaubnissen jeder App und kommt in keine Tokens mehr.',
    save: 'Speichern',
    saving: 'Wird gespeichert...',
    saved: 'API gespeichert',
  },
  delete: {
    open: 'API löschen',
    title: '{{name}} löschen?',
    body: 'Keine App erhält mehr Tokens für diese API. Bereits ausgestellte Tokens bleiben gültig, bis sie ablaufen (höchstens 15 Minuten).',
    typeName: 'Geben Sie {{name}} zur Bestätigung ein',
    confirm: 'API löschen',
    deleting: 'Wird gelöscht...',
    done: '{{name}} gelöscht',
  },
} satisfies Translation<typeof en>;
