// French: what the signed-out pages show of the security features (the two-step code, passkeys, password resets) and the Administration tab’s name (part of fr.ts).

const signin = {
  twoFactor: {
    title: 'Validation en deux étapes',
    codeStepHint: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
    recoveryStepHint: 'Saisissez l’un des codes de récupération que vous avez conservés. Chacun ne sert qu’une fois.',
    code: 'Code à 6 chiffres',
    recoveryCode: 'Code de récupération',
    verify: 'Vérifier',
    useRecovery: 'Utiliser plutôt un code de récupération',
    useApp: 'Utiliser plutôt l’application d’authentification',
    back: 'Retour',
    codeMismatch: 'Le code est erroné ou a déjà été utilisé',
  },
  passkeys: {
    cancelled: 'Aucune clé d’accès n’a été utilisée : la demande a été annulée ou a pris trop de temps. Réessayez quand vous voulez.',
    exists: 'Cet appareil a déjà une clé d’accès pour votre compte.',
    unsupported: 'Ce navigateur ne peut pas utiliser de clés d’accès.',
    deviceFailed: 'Votre appareil n’a pas pu utiliser de clé d’accès. Réessayez, ou utilisez un autre appareil.',
    limit: 'Vous avez 20 clés d’accès, le maximum. Retirez d’abord une clé que vous n’utilisez plus.',
    signIn: 'Se connecter avec une clé d’accès',
  },
  admin: {
    tab: 'Administration',
  },
  passwordReset: {
    forgot: 'Mot de passe oublié ?',
    title: 'Réinitialiser votre mot de passe',
    emailHint: 'Saisissez l’e-mail de votre compte : nous lui enverrons un lien pour choisir un nouveau mot de passe.',
    send: 'Envoyer le lien',
    sent: 'Si un compte utilise cet e-mail, nous lui avons envoyé un lien valable une heure.',
    askAdmin:
      'Ce serveur n’envoie pas d’e-mails. Demandez à votre administrateur un lien de réinitialisation du mot de passe : il peut le créer dans Configuration → Administration.',
    back: 'Retour à la connexion',
    choose: 'Choisissez un nouveau mot de passe',
    chooseFor: 'Choisissez un nouveau mot de passe pour {{email}}.',
    newPassword: 'Nouveau mot de passe',
    save: 'Enregistrer le nouveau mot de passe',
    doneTitle: 'Votre mot de passe est enregistré',
    done: 'Connectez-vous avec votre nouveau mot de passe. Tous les appareils connectés à votre compte ont été déconnectés.',
    signIn: 'Se connecter',
    invalidTitle: 'Ce lien ne fonctionne pas',
    invalid: 'Il a déjà servi, il a expiré ou un lien plus récent l’a remplacé. Demandez-en un nouveau.',
  },
};

export default signin;
