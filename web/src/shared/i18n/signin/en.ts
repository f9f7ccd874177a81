// English: what the signed-out pages show of the security features (the two-step code, passkeys, password resets) and the Administration tab’s name (part of en.ts).

const signin = {
  twoFactor: {
    title: 'Two-step verification',
    codeStepHint: 'Enter the 6-digit code from your authenticator app.',
    recoveryStepHint: 'Enter one of the recovery codes you saved. Each one works once.',
    code: '6-digit code',
    recoveryCode: 'Recovery code',
    verify: 'Verify',
    useRecovery: 'Use a recovery code instead',
    useApp: 'Use the authenticator app instead',
    back: 'Back',
    codeMismatch: 'The code is wrong or was already used',
  },
  passkeys: {
    cancelled: 'No passkey was used: the request was cancelled or took too long. Try again when you are ready.',
    exists: 'This device already has a passkey for your account.',
    unsupported: 'This browser cannot use passkeys.',
    deviceFailed: 'Your device could not use a passkey. Try again, or use another device.',
    limit: 'You have 20 passkeys, the most there can be. Remove one you no longer use first.',
    signIn: 'Sign in with a passkey',
  },
  admin: {
    tab: 'Administration',
  },
  passwordReset: {
    forgot: 'Forgot your password?',
    title: 'Reset your password',
    emailHint: 'Enter the email of your account: we will send it a link to choose a new password.',
    send: 'Send the link',
    sent: 'If an account uses this email, we sent it a link that works for an hour.',
    askAdmin: 'This server does not send email. Ask your administrator for a password-reset link: they can make one in Configuration → Administration.',
    back: 'Back to sign in',
    choose: 'Choose a new password',
    chooseFor: 'Choose a new password for {{email}}.',
    newPassword: 'New password',
    save: 'Set the new password',
    doneTitle: 'Your password is set',
    done: 'Sign in with your new password. Every device that was signed in to your account has been signed out.',
    signIn: 'Sign in',
    invalidTitle: 'This link does not work',
    invalid: 'It was already used, has expired, or a newer link replaced it. Ask for a new one.',
  },
};

export default signin;
