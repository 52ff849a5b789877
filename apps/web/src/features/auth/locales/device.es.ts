import { PRODUCT_NAME } from '@omnia/contracts/constants';
export default {
  title: 'Conectar un dispositivo',
  body: 'Introduce el código que muestra tu televisor, consola o terminal. Después verás qué app lo pide y decidirás.',
  codeLabel: 'Código',
  submit: 'Continuar',
  loading: 'Cargando…',
  tryAgain: 'Introducir un código',
  doneTitle: 'Tu dispositivo está conectado',
  doneBody: 'Vuelve a tu dispositivo: ha iniciado sesión. Puedes cerrar esta página.',
  home: `Ir a ${PRODUCT_NAME}`,
};
