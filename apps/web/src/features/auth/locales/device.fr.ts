import { PRODUCT_NAME } from '@omnia/contracts/constants';
export default {
  title: 'Connecter un appareil',
  body: 'Saisissez le code affiché sur votre télévision, console ou terminal. Vous verrez ensuite quelle application le demande, et vous déciderez.',
  codeLabel: 'Code',
  submit: 'Continuer',
  loading: 'Chargement…',
  tryAgain: 'Saisir un code',
  doneTitle: 'Votre appareil est connecté',
  doneBody: 'Revenez à votre appareil : il est connecté. Vous pouvez fermer cette page.',
  home: `Aller sur ${PRODUCT_NAME}`,
};
