// Español: leer la foto de un ticket en un movimiento nuevo (su propio fragmento, cargado con el botón de tickets del formulario: movements/receipt/ReceiptButton.tsx).
import type { ReceiptDictionary } from '../types';

const receipt: ReceiptDictionary = {
  receipt: {
    read: 'Leer un ticket',
    readHint: 'Haz una foto o elige una: el total, la fecha, la tienda y la moneda se leen en este dispositivo.',
    title: 'Lo que dice el ticket',
    photoAlt: 'La foto del ticket',
    loading: 'Preparando el lector…',
    reading: 'Leyendo el ticket… {{percent}} %',
    readIn: 'Leído en {{seconds}} s, en este dispositivo: la foto no ha salido de tu servidor.',
    failed: 'No se ha podido leer el ticket. Escribe sus datos o prueba con otra foto.',
    offline: 'El lector carga sus archivos de tu servidor la primera vez: conéctate y vuelve a probar.',
    total: 'Total',
    date: 'Fecha',
    shop: 'Tienda',
    currency: 'Moneda',
    currencyNone: 'La de la cuenta',
    check: 'No se ha leído: míralo en la foto y escríbelo.',
    pick: 'Importes del ticket',
    pickOne: 'Usar {{amount}} como total',
    use: 'Usar en el formulario',
    cancel: 'Cancelar',
    photo: 'Foto que se adjuntará: {{name}}',
    removePhoto: 'No adjuntar la foto',
    attached: 'La foto del ticket está adjunta.',
    notAttached: 'El movimiento está pendiente de envío: adjunta la foto cuando se envíe.',
    noAccount: 'No hay ninguna cuenta en {{currency}}: el importe va a {{account}} en su moneda.',
    otherAccount: 'Cuenta en {{currency}}: {{account}}.',
  },
};

export default receipt;
