// Spanish: what the signed-out pages show of the security features (the two-step code, passkeys, password resets) and the Administration tab’s name (part of es.ts).

const signin = {
  twoFactor: {
    title: 'Verificación en dos pasos',
    codeStepHint: 'Escribe el código de 6 cifras de tu app de autenticación.',
    recoveryStepHint: 'Escribe uno de los códigos de recuperación que guardaste. Cada uno sirve una vez.',
    code: 'Código de 6 cifras',
    recoveryCode: 'Código de recuperación',
    verify: 'Verificar',
    useRecovery: 'Usar un código de recuperación',
    useApp: 'Usar la app de autenticación',
    back: 'Volver',
    codeMismatch: 'El código es incorrecto o ya se ha usado',
  },
  passkeys: {
    cancelled: 'No se usó ninguna llave de acceso: la solicitud se canceló o tardó demasiado. Vuelve a intentarlo cuando quieras.',
    exists: 'Este dispositivo ya tiene una llave de acceso de tu cuenta.',
    unsupported: 'Este navegador no puede usar llaves de acceso.',
    deviceFailed: 'Tu dispositivo no pudo usar una llave de acceso. Vuelve a intentarlo o usa otro dispositivo.',
    limit: 'Ya tienes 20 llaves de acceso, el máximo. Quita antes una que ya no uses.',
    signIn: 'Iniciar sesión con una llave de acceso',
  },
  admin: {
    tab: 'Administración',
  },
  passwordReset: {
    forgot: '¿Olvidaste tu contraseña?',
    title: 'Cambia tu contraseña',
    emailHint: 'Escribe el email de tu cuenta: le enviaremos un enlace para elegir una contraseña nueva.',
    send: 'Enviar el enlace',
    sent: 'Si alguna cuenta usa este email, le hemos enviado un enlace que funciona durante una hora.',
    askAdmin: 'Este servidor no envía emails. Pide a tu administrador un enlace para cambiar la contraseña: puede crearlo en Configuración → Administración.',
    back: 'Volver a iniciar sesión',
    choose: 'Elige una contraseña nueva',
    chooseFor: 'Elige una contraseña nueva para {{email}}.',
    newPassword: 'Contraseña nueva',
    save: 'Guardar la contraseña nueva',
    doneTitle: 'Tu contraseña está guardada',
    done: 'Inicia sesión con tu contraseña nueva. Se han cerrado las sesiones de tu cuenta en todos los dispositivos.',
    signIn: 'Iniciar sesión',
    invalidTitle: 'Este enlace no funciona',
    invalid: 'Ya se usó, ha caducado o lo ha sustituido un enlace más reciente. Pide uno nuevo.',
  },
};

export default signin;
