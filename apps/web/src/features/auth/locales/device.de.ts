import { PRODUCT_NAME } from '@omnia/contracts/constants';
export default {
  title: 'Gerät verbinden',
  body: 'Geben Sie den Code ein, den Ihr Fernseher, Ihre Konsole oder Ihr Terminal anzeigt. Danach sehen Sie, welche App fragt, und entscheiden.',
  codeLabel: 'Code',
  submit: 'Weiter',
  loading: 'Wird geladen…',
  tryAgain: 'Code eingeben',
  doneTitle: 'Ihr Gerät ist verbunden',
  doneBody: 'Kehren Sie zu Ihrem Gerät zurück: Es ist angemeldet. Sie können diese Seite schließen.',
  home: `Zu ${PRODUCT_NAME}`,
};
