import type { MailStrings } from './en';

export const es: MailStrings = {
  layout: {
    buttonFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    footer:
      '{{product}}: una sola cuenta para todos tus servicios. Este es un mensaje automático; las respuestas no se leen.',
    textFooter: '{{product}}: una sola cuenta para todos tus servicios.',
  },
  verification: {
    subject: 'Confirma tu cuenta de {{product}}',
    heading: 'Confirma tu dirección de correo electrónico',
    intro:
      '¡Te damos la bienvenida a {{product}}! Confirma que {{email}} es tu dirección para terminar de crear tu cuenta.',
    action: 'Verificar mi correo',
    expiry: 'Este enlace solo funciona una vez y caduca en 24 horas.',
    ignore: 'Si no te has registrado, puedes ignorar este correo.',
  },
  accountExists: {
    subject: 'Tu cuenta de {{product}}',
    heading: 'Ya tienes una cuenta',
    intro:
      'Alguien (esperamos que tú) ha intentado crear una cuenta de {{product}} con {{email}}, pero esta dirección ya tiene una.',
    signInInstead: 'Si has sido tú, inicia sesión. ¿Has olvidado tu contraseña? Restablécela en {{resetUrl}}',
    action: 'Iniciar sesión',
    ignore: 'Si no has sido tú, puedes ignorar este correo: tu cuenta no ha cambiado.',
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de {{product}}',
    heading: 'Restablece tu contraseña',
    intro:
      'Hemos recibido una solicitud para restablecer la contraseña de la cuenta de {{product}} de {{email}}.',
    action: 'Elegir una contraseña nueva',
    expiry:
      'Este enlace solo funciona una vez y caduca en 1 hora. Al restablecer la contraseña se cierran todas las sesiones y se quitan tus llaves de acceso (vuelve a añadir las tuyas después); luego revisa tus aplicaciones conectadas en Configuración → Seguridad.',
    ignore: 'Si no lo has solicitado, puedes ignorar este correo: tu contraseña no cambia.',
  },
  accountLocked: {
    subject: 'El inicio de sesión en tu cuenta de {{product}} está en pausa',
    heading: 'Inicio de sesión en pausa',
    paused:
      'Tras varios intentos fallidos de iniciar sesión en la cuenta de {{product}} de {{email}}, el inicio de sesión queda en pausa durante {{minutes}} minutos.',
    pausedOne:
      'Tras varios intentos fallidos de iniciar sesión en la cuenta de {{product}} de {{email}}, el inicio de sesión queda en pausa durante 1 minuto.',
    notYou: 'Si no has sido tú, restablece tu contraseña: alguien podría estar intentando adivinarla.',
    action: 'Restablecer tu contraseña',
    wasYou: 'Si has sido tú, podrás volver a iniciar sesión cuando termine la pausa.',
  },
  accountDeleted: {
    subject: 'Se eliminó tu cuenta de {{product}}',
    heading: 'Cuenta eliminada',
    deleted:
      'Se eliminó la cuenta de {{product}} de {{email}}, con su perfil, sus sesiones, sus aplicaciones y sus accesos. No se conserva nada de ella.',
    notYou:
      'Si no la eliminaste tú, alguien tenía tu contraseña (y tu segundo paso, si la verificación en dos pasos estaba activada): protege este buzón y cualquier cuenta que comparta esa contraseña. Puedes volver a registrarte con esta dirección.',
  },
  emailChange: {
    confirmSubject: 'Confirma tu nueva dirección de correo de {{product}}',
    confirm:
      'Alguien (esperamos que tú) pidió usar {{email}} para una cuenta de {{product}}. Confírmalo para hacer el cambio.',
    confirmAction: 'Confirmar la nueva dirección',
    confirmExpiry:
      'Este enlace funciona una vez y caduca en 24 horas. Hasta entonces se sigue usando la dirección anterior.',
    requestedSubject: 'Se pidió cambiar la dirección de correo de {{product}}',
    requested: 'Se pidió cambiar la dirección de tu cuenta de {{product}} de {{email}} a {{newEmail}}.',
    cancelIntro:
      'Si no fuiste tú, abre el enlace: el cambio se cancela (se deshace si ya se hizo), se cierran todas las sesiones de la cuenta, las apps pierden su acceso, se eliminan los pasos de verificación añadidos desde entonces y estableces una contraseña nueva.',
    cancelAction: 'Cancelar el cambio',
    inUseSubject: 'Alguien intentó usar esta dirección para otra cuenta de {{product}}',
    inUse:
      'Alguien pidió cambiar otra cuenta de {{product}} a {{email}}, que ya tiene su propia cuenta. No ha cambiado nada: una dirección pertenece a una sola cuenta. Si tienes una segunda cuenta, inicia sesión en ella para cambiar su dirección.',
    changedSubject: 'Se cambió tu dirección de correo de {{product}}',
    changed:
      'La dirección de tu cuenta de {{product}} ahora es {{newEmail}} (antes {{email}}). Si no fuiste tú, usa el enlace del mensaje anterior para cancelar el cambio en un plazo de 7 días.',
  },
  notices: {
    appAuthorizedSubject: '{{app}} ya puede usar tu cuenta de {{product}}',
    appAuthorized:
      'Permitiste que {{app}} use tu cuenta de {{product}} ({{email}}). Puedes retirarlo cuando quieras en Configuración → Seguridad → Aplicaciones conectadas.',
    newDeviceSubject: 'Nuevo inicio de sesión en tu cuenta de {{product}}',
    newDevice:
      'Se acaba de iniciar sesión en {{email}} desde un dispositivo que no había usado antes: {{device}}, desde {{ip}}, a las {{time}}.',
    newDeviceWasYou: 'Si fuiste tú, no tienes que hacer nada.',
    passwordChangedSubject: 'Se cambió tu contraseña de {{product}}',
    passwordChanged: 'La contraseña de {{email}} se cambió a las {{time}}. Se cerraron tus otras sesiones.',
    notYou:
      'Si no fuiste tú, restablece tu contraseña de inmediato y luego revisa tus aplicaciones conectadas y la verificación en dos pasos en Configuración → Seguridad, y los miembros de tus aplicaciones en el Programa para desarrolladores.',
    action: 'Revisar la configuración de seguridad',
    unknownPlace: 'una dirección desconocida',
  },
  secondFactor: {
    removalSubject: 'La verificación en dos pasos se desactivará en 7 días',
    removal:
      'Alguien que conocía la contraseña de {{email}} dijo que perdió todos los pasos de verificación y pidió desactivar la verificación en dos pasos. Se desactivará el {{date}}.',
    removalKeep:
      'Si no fuiste tú, inicia sesión con tu aplicación de autenticación, un código de recuperación o una llave de acceso, o pulsa «Cancelar la solicitud» en Configuración → Seguridad: la verificación en dos pasos seguirá activada. Después cambia tu contraseña: alguien la conoce.',
    addedSubject: 'La verificación en dos pasos está activada en tu cuenta de {{product}}',
    added:
      'Se añadió una {{method}} como segundo paso para {{email}}. Al iniciar sesión se pedirá después de la contraseña.',
    passkeyAddedSubject: 'Se añadió una llave de acceso a tu cuenta de {{product}}',
    passkeyAdded:
      'Se añadió una llave de acceso a {{email}}. Permite iniciar sesión en la cuenta sin la contraseña.',
    passkeyRemovedSubject: 'Se quitó una llave de acceso de tu cuenta de {{product}}',
    passkeyRemoved: 'Se quitó una llave de acceso de {{email}}. Ya no permite iniciar sesión.',
    keptSubject: 'La verificación en dos pasos sigue activada en tu cuenta de {{product}}',
    kept: 'Se canceló la solicitud de desactivar la verificación en dos pasos de {{email}}. Al iniciar sesión se sigue pidiendo un segundo paso después de la contraseña.',
    removedSubject: 'Se quitó un segundo paso de tu cuenta de {{product}}',
    removed: 'Se quitó la {{method}} de los segundos pasos de {{email}}.',
    regeneratedSubject: 'Nuevos códigos de recuperación para tu cuenta de {{product}}',
    regenerated: 'Se crearon nuevos códigos de recuperación para {{email}}. Los anteriores ya no funcionan.',
    codeUsedSubject: 'Se usó un código de recuperación de tu cuenta de {{product}}',
    codeUsed:
      'Se usó un código de recuperación de {{email}}, para iniciar sesión o para confirmar que eres tú.',
    codesLeft: 'Códigos de recuperación restantes: {{count}}.',
    lastCodeUsed:
      'Era el último: crea nuevos códigos de recuperación en Configuración → Seguridad para no quedarte nunca sin acceso.',
    authenticatorApp: 'aplicación de autenticación',
    action: 'Revisar la configuración de seguridad',
    passkeyNotYou:
      'Si no fuiste tú, alguien tiene tu contraseña: restablécela de inmediato (un restablecimiento también quita todas las llaves de acceso).',
    notYou:
      'Si no fuiste tú, alguien tiene tu contraseña: restablécela de inmediato. Si activó una aplicación de autenticación que no tienes, al iniciar sesión se te pedirá: elige «¿Perdiste tu aplicación de autenticación y tus códigos de recuperación?» en el segundo paso (posible 7 días después de un restablecimiento; la verificación en dos pasos se desactiva 7 días más tarde).',
  },
};
