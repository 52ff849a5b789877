import type { MailStrings } from './en';

export const fr: MailStrings = {
  layout: {
    buttonFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    footer:
      '{{product}} : un seul compte pour tous vos services. Ceci est un message automatique ; les réponses ne sont pas lues.',
    textFooter: '{{product}} : un seul compte pour tous vos services.',
  },
  verification: {
    subject: 'Confirmez votre compte {{product}}',
    heading: 'Confirmez votre adresse e-mail',
    intro:
      'Bienvenue sur {{product}} ! Confirmez que {{email}} est bien votre adresse pour terminer la création de votre compte.',
    action: 'Vérifier mon adresse e-mail',
    expiry: 'Ce lien ne fonctionne qu’une fois et expire dans 24 heures.',
    ignore: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail.',
  },
  accountExists: {
    subject: 'Votre compte {{product}}',
    heading: 'Vous avez déjà un compte',
    intro:
      'Quelqu’un (vous, espérons-le) a essayé de créer un compte {{product}} avec {{email}}, mais cette adresse en possède déjà un.',
    signInInstead:
      'Si c’était vous, connectez-vous plutôt. Mot de passe oublié ? Réinitialisez-le ici : {{resetUrl}}',
    action: 'Se connecter',
    ignore: 'Si ce n’était pas vous, vous pouvez ignorer cet e-mail : votre compte n’a pas été modifié.',
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe {{product}}',
    heading: 'Réinitialisez votre mot de passe',
    intro:
      'Nous avons reçu une demande de réinitialisation du mot de passe du compte {{product}} associé à {{email}}.',
    action: 'Choisir un nouveau mot de passe',
    expiry:
      'Ce lien ne fonctionne qu’une fois et expire dans 1 heure. La réinitialisation de votre mot de passe déconnecte toutes les sessions et retire vos clés d’accès (ajoutez à nouveau les vôtres ensuite) ; vérifiez ensuite vos applications connectées dans Paramètres → Sécurité.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.',
  },
  accountLocked: {
    subject: 'La connexion à votre compte {{product}} est suspendue',
    heading: 'Connexion suspendue',
    paused:
      'Après plusieurs tentatives de connexion échouées au compte {{product}} associé à {{email}}, la connexion est suspendue pendant {{minutes}} minutes.',
    pausedOne:
      'Après plusieurs tentatives de connexion échouées au compte {{product}} associé à {{email}}, la connexion est suspendue pendant 1 minute.',
    notYou:
      'Si ce n’était pas vous, réinitialisez votre mot de passe : quelqu’un essaie peut-être de le deviner.',
    action: 'Réinitialiser votre mot de passe',
    wasYou: 'Si c’était vous, vous pourrez vous reconnecter à la fin de la suspension.',
  },
  accountDeleted: {
    subject: 'Votre compte {{product}} a été supprimé',
    heading: 'Compte supprimé',
    deleted:
      'Le compte {{product}} de {{email}} a été supprimé, avec son profil, ses sessions, ses applications et leurs accès. Rien n’en est conservé.',
    notYou:
      'Si ce n’est pas vous qui l’avez supprimé, quelqu’un avait votre mot de passe (et votre deuxième étape, si la validation en deux étapes était activée) : sécurisez cette boîte mail et tout compte qui partage ce mot de passe. Vous pouvez vous réinscrire avec cette adresse.',
  },
  emailChange: {
    confirmSubject: 'Confirmez votre nouvelle adresse e-mail {{product}}',
    confirm:
      'Quelqu’un (vous, espérons-le) a demandé à utiliser {{email}} pour un compte {{product}}. Confirmez-le pour effectuer le changement.',
    confirmAction: 'Confirmer la nouvelle adresse',
    confirmExpiry:
      'Ce lien ne sert qu’une fois et expire dans 24 heures. D’ici là, l’ancienne adresse reste utilisée.',
    requestedSubject: 'Un changement de votre adresse e-mail {{product}} a été demandé',
    requested:
      'Le changement de l’adresse de votre compte {{product}} de {{email}} vers {{newEmail}} a été demandé.',
    cancelIntro:
      'Si ce n’était pas vous, ouvrez le lien : la modification est annulée (défaite si elle a eu lieu), toutes les sessions du compte sont déconnectées, les applications perdent leur accès, les étapes de vérification ajoutées depuis sont supprimées et vous définissez un nouveau mot de passe.',
    cancelAction: 'Annuler le changement',
    inUseSubject: 'Quelqu’un a voulu utiliser cette adresse pour un autre compte {{product}}',
    inUse:
      'Quelqu’un a demandé de passer un autre compte {{product}} à {{email}}, qui a déjà son propre compte. Rien n’a changé : une adresse appartient à un seul compte. Si vous avez un second compte, connectez-vous-y pour changer son adresse.',
    changedSubject: 'Votre adresse e-mail {{product}} a été changée',
    changed:
      'L’adresse de votre compte {{product}} est maintenant {{newEmail}} (c’était {{email}}). Si ce n’était pas vous, utilisez le lien du message précédent pour annuler le changement sous 7 jours.',
  },
  notices: {
    appAuthorizedSubject: '{{app}} peut désormais utiliser votre compte {{product}}',
    appAuthorized:
      'Vous avez autorisé {{app}} à utiliser votre compte {{product}} ({{email}}). Vous pouvez revenir dessus à tout moment dans Paramètres → Sécurité → Applications connectées.',
    newDeviceSubject: 'Nouvelle connexion à votre compte {{product}}',
    newDevice:
      'Une connexion à {{email}} vient d’avoir lieu depuis un appareil jamais utilisé auparavant : {{device}}, depuis {{ip}}, à {{time}}.',
    newDeviceWasYou: 'Si c’était vous, vous n’avez rien à faire.',
    passwordChangedSubject: 'Votre mot de passe {{product}} a été modifié',
    passwordChanged:
      'Le mot de passe de {{email}} a été modifié à {{time}}. Vos autres sessions ont été déconnectées.',
    notYou:
      'Si ce n’était pas vous, réinitialisez tout de suite votre mot de passe, puis vérifiez vos applications connectées et la validation en deux étapes dans Paramètres → Sécurité, et les membres de vos applications dans le Programme développeur.',
    action: 'Vérifier vos paramètres de sécurité',
    unknownPlace: 'une adresse inconnue',
  },
  secondFactor: {
    removalSubject: 'La validation en deux étapes sera désactivée dans 7 jours',
    removal:
      'Quelqu’un qui connaissait le mot de passe de {{email}} a déclaré avoir perdu toutes les étapes de vérification et demandé la désactivation de la validation en deux étapes. Elle sera désactivée le {{date}}.',
    removalKeep:
      'Si ce n’était pas vous, connectez-vous avec votre application d’authentification, un code de récupération ou une clé d’accès, ou appuyez sur « Annuler la demande » dans Paramètres → Sécurité : la validation en deux étapes restera active. Changez ensuite votre mot de passe : quelqu’un le connaît.',
    addedSubject: 'La validation en deux étapes est activée sur votre compte {{product}}',
    added:
      'Une {{method}} a été ajoutée comme seconde étape pour {{email}}. La connexion la demandera désormais après le mot de passe.',
    passkeyAddedSubject: 'Une clé d’accès a été ajoutée à votre compte {{product}}',
    passkeyAdded:
      'Une clé d’accès a été ajoutée à {{email}}. Elle permet de se connecter au compte sans le mot de passe.',
    passkeyRemovedSubject: 'Une clé d’accès a été retirée de votre compte {{product}}',
    passkeyRemoved: 'Une clé d’accès a été retirée de {{email}}. Elle ne permet plus de se connecter.',
    keptSubject: 'La validation en deux étapes reste activée sur votre compte {{product}}',
    kept: 'La demande de désactivation de la validation en deux étapes pour {{email}} a été annulée. La connexion demande toujours une seconde étape après le mot de passe.',
    removedSubject: 'Une seconde étape a été retirée de votre compte {{product}}',
    removed: 'L’{{method}} a été retirée des secondes étapes de {{email}}.',
    regeneratedSubject: 'Nouveaux codes de récupération pour votre compte {{product}}',
    regenerated:
      'De nouveaux codes de récupération ont été créés pour {{email}}. Les anciens ne fonctionnent plus.',
    codeUsedSubject: 'Un code de récupération de votre compte {{product}} a été utilisé',
    codeUsed:
      'Un code de récupération de {{email}} a été utilisé, pour se connecter ou pour confirmer votre identité.',
    codesLeft: 'Codes de récupération restants : {{count}}.',
    lastCodeUsed:
      'C’était le dernier : créez de nouveaux codes dans Paramètres → Sécurité pour ne jamais perdre l’accès.',
    authenticatorApp: 'application d’authentification',
    action: 'Vérifier vos paramètres de sécurité',
    passkeyNotYou:
      'Si ce n’était pas vous, quelqu’un a votre mot de passe : réinitialisez-le tout de suite (une réinitialisation retire aussi toutes les clés d’accès).',
    notYou:
      'Si ce n’était pas vous, quelqu’un a votre mot de passe : réinitialisez-le tout de suite. S’il a activé une application d’authentification que vous n’avez pas, la connexion vous la demandera : choisissez « Vous avez perdu votre application d’authentification et vos codes de récupération ? » à la deuxième étape (possible 7 jours après une réinitialisation ; la validation en deux étapes se désactive alors 7 jours plus tard).',
  },
};
