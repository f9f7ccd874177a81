// Español: el cuadro de añadir rápido, un movimiento escrito como una frase (su propio chunk, cargado con el cuadro: QuickAddDialog.tsx).

import type { QuickAddDictionary } from '../types';

const quickAdd: QuickAddDictionary = {
  quickAdd: {
    title: 'Añadir rápido',
    label: 'Escribe un movimiento',
    placeholder: 'café 3,50 ayer con la visa',
    help: 'Qué, cuánto, cuándo y con qué, en cualquier orden: «nómina 1.850,00 el 3», «transferencia 200 a ahorro». Intro guarda, Esc cierra.',
    preview: 'Lo que se guardará',
    empty: 'Escribe lo que has gastado o ingresado para verlo aquí.',
    fullForm: 'Editar en el formulario completo',
    chooseFirst: 'Elige lo que está marcado antes de guardar.',
    suggested: 'sugerida por tus movimientos',
    byRule: 'puesta por la regla «{{name}}»',
    noDescription: 'Sin descripción',
    status: {
      default: 'habitual',
      check: 'revisa',
      ask: 'elige',
      missing: 'falta',
    },
    notes: {
      noAmount: 'Aún no hay importe: escribe cuánto.',
      zeroAmount: 'El importe es cero.',
      manyAmounts: 'Hay varios números: ¿cuál es el importe?',
      thousandsOrDecimals: 'Leído a la manera española (el punto separa miles, la coma los decimales). La otra lectura está aquí:',
      tooManyDecimals: 'Más decimales de los que tiene la moneda de la cuenta.',
      tooLarge: 'Ese importe es demasiado grande.',
      currencyMismatch: 'La moneda que has dicho no es la de la cuenta: elige otra cuenta o edítalo en el formulario completo.',
      dayMonthOrder: 'El día y el mes podrían ir al revés:',
      sameWeekday: 'Hoy también es ese día de la semana: ¿hace una semana o hoy?',
      badDate: 'Esa fecha no existe: elige una.',
      manyDates: 'Hay varias fechas: ¿cuál?',
      manyAccounts: 'Coinciden varias cuentas: ¿cuál?',
      sameAccount: 'Una transferencia va entre dos cuentas distintas: ¿a cuál?',
      noDestination: '¿A qué cuenta?',
      crossCurrency: 'Entre dos monedas: di lo que llega en el formulario completo.',
      manyCategories: 'Coinciden varias categorías: ¿cuál?',
      typeConflict: '¿Gasto o ingreso?',
      noCategory: '¿Qué categoría?',
    },
  },
};

export default quickAdd;
