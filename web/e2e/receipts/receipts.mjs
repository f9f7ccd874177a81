// Receipts of our own making for the receipt reader: HTML receipts in
// Spanish, English and French with varied layouts (fonts, widths, item
// counts, tax lines, where the total sits, date forms), rendered in headless
// Chromium and then made to look photographed (a slight turn, blur, grain,
// uneven light, a table around the paper). Each comes with what a person
// reads on it: the total, the date, the shop and the currency.
//
// Deterministic: receipt i is the same on every run (a seeded generator).

/** A small seeded generator (mulberry32): the same receipts every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const shops = {
  es: ['MERCADONA', 'Panadería La Espiga', 'FARMACIA CENTRAL', 'Bar El Rincón', 'FERRETERÍA LÓPEZ', 'Frutas Marisol', 'CAFETERÍA SOL', 'LIBRERÍA CERVANTES'],
  en: ['CORNER GROCERY', 'Blue Bottle Cafe', 'HARDWARE HOUSE', 'Green Leaf Market', 'SUNRISE DINER', 'City Books', 'PET SUPPLY CO', 'FRESH MART'],
  fr: [
    'BOULANGERIE DUPONT',
    'Café de la Gare',
    'PHARMACIE DU CENTRE',
    'Librairie Voltaire',
    'PRIMEUR MARTIN',
    'Le Petit Bistrot',
    'QUINCAILLERIE ROUX',
    'FROMAGERIE ALPINE',
  ],
};
const items = {
  es: [
    'Pan integral',
    'Leche entera',
    'Huevos docena',
    'Café molido',
    'Tomates',
    'Aceite oliva',
    'Queso curado',
    'Agua 1,5L',
    'Yogur natural',
    'Manzanas',
    'Arroz',
    'Galletas',
  ],
  en: [
    'Whole milk',
    'Bread loaf',
    'Eggs dozen',
    'Coffee beans',
    'Bananas',
    'Olive oil',
    'Cheddar',
    'Water 1.5L',
    'Greek yogurt',
    'Apples',
    'Rice 1kg',
    'Cookies',
  ],
  fr: ['Baguette', 'Lait demi-écrémé', 'Oeufs x12', 'Café moulu', 'Tomates', 'Huile olive', 'Comté', 'Eau 1,5L', 'Yaourt nature', 'Pommes', 'Riz', 'Biscuits'],
};
const streets = {
  es: ['C/ Mayor, 12', 'Avda. de la Paz, 45', 'Plaza España, 3'],
  en: ['120 Main Street', '45 Oak Road', '9 Market St.'],
  fr: ['12 rue de la Paix', '45 avenue Victor Hugo', '3 place du Marché'],
};
const fonts = ['"DejaVu Sans Mono", monospace', '"DejaVu Sans", sans-serif', '"DejaVu Serif", serif', '"DejaVu Sans Condensed", sans-serif'];
const monthsShort = {
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
};
const monthsLong = {
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};

const pad = (n) => String(n).padStart(2, '0');

/** Minor units as the receipt's language prints them (1234 → "12,34" or "12.34"; thousands grouped when asked). */
function money(minor, comma, group) {
  const whole = String(Math.trunc(minor / 100));
  const grouped = group ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? '.' : ',') : whole;
  return `${grouped}${comma ? ',' : '.'}${pad(minor % 100)}`;
}

function dateText(lang, currency, y, m, d, form) {
  const yy = pad(y % 100);
  switch (form) {
    case 0:
      return lang === 'en' && currency === 'USD' ? `${pad(m)}/${pad(d)}/${y}` : `${pad(d)}/${pad(m)}/${y}`;
    case 1:
      return lang === 'en' && currency === 'USD' ? `${pad(m)}-${pad(d)}-${yy}` : `${pad(d)}-${pad(m)}-${yy}`;
    case 2:
      return `${y}-${pad(m)}-${pad(d)}`;
    case 3:
      return lang === 'en' ? `${monthsShort.en[m - 1]} ${d}, ${y}` : `${d} ${monthsShort[lang][m - 1]} ${y}`;
    default:
      return lang === 'es'
        ? `${d} de ${monthsLong.es[m - 1]} de ${y}`
        : lang === 'fr'
          ? `${d} ${monthsLong.fr[m - 1]} ${y}`
          : `${d} ${monthsLong.en[m - 1]} ${y}`;
  }
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * Receipt i: its HTML (a page whose #receipt is the paper) and what it says.
 * Languages rotate es, en, fr; currencies EUR for es and fr (MXN for some
 * Spanish ones), USD or GBP for English.
 */
export function receipt(i) {
  const r = rng(1000 + i * 7919);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const lang = ['es', 'en', 'fr'][i % 3];
  const currency = lang === 'en' ? (r() < 0.7 ? 'USD' : 'GBP') : lang === 'es' && r() < 0.2 ? 'MXN' : 'EUR';
  const comma = lang !== 'en';
  const symbol = { EUR: '€', USD: '$', GBP: '£', MXN: '$' }[currency];
  const shop = shops[lang][Math.floor(i / 3) % shops[lang].length];
  const y = 2026;
  const m = 1 + Math.floor(r() * 11);
  const d = 1 + Math.floor(r() * 28);
  const form = i % 5;
  const count = 2 + Math.floor(r() * 7);
  const lines = Array.from({ length: count }, () => ({
    name: pick(items[lang]),
    qty: 1 + Math.floor(r() * 3),
    price: 50 + Math.floor(r() * (r() < 0.15 ? 90000 : 1500)),
  }));
  const total = lines.reduce((s, l) => s + l.qty * l.price, 0);
  const taxRate = lang === 'es' ? 21 : lang === 'fr' ? 20 : 8;
  const base = Math.round((total * 100) / (100 + taxRate));
  const tax = total - base;
  const group = total >= 100000;
  const fmt = (v) => money(v, comma, group);
  const font = fonts[i % fonts.length];
  const width = 300 + Math.floor(r() * 140);
  const size = 14 + Math.floor(r() * 4);
  const words = {
    es: {
      total: pick(['TOTAL', 'TOTAL A PAGAR', 'IMPORTE TOTAL', 'TOTAL (IVA INCL.)']),
      sub: 'SUBTOTAL',
      tax: `IVA ${taxRate}%`,
      base: 'BASE IMPONIBLE',
      date: 'Fecha',
      cash: 'EFECTIVO',
      change: 'CAMBIO',
      thanks: 'Gracias por su visita',
      doc: 'FACTURA SIMPLIFICADA',
    },
    en: {
      total: pick(['TOTAL', 'AMOUNT DUE', 'GRAND TOTAL', 'BALANCE DUE']),
      sub: 'SUBTOTAL',
      tax: `TAX ${taxRate}%`,
      base: 'NET',
      date: 'Date',
      cash: 'CASH',
      change: 'CHANGE',
      thanks: 'Thank you for shopping!',
      doc: 'RECEIPT',
    },
    fr: {
      total: pick(['TOTAL TTC', 'TOTAL', 'NET A PAYER', 'MONTANT TTC']),
      sub: 'SOUS-TOTAL',
      tax: `TVA ${taxRate}%`,
      base: 'TOTAL HT',
      date: 'Le',
      cash: 'ESPECES',
      change: 'RENDU',
      thanks: 'Merci de votre visite',
      doc: 'TICKET DE CAISSE',
    },
  }[lang];
  const cash = Math.ceil(total / 1000) * 1000 + (r() < 0.5 ? 1000 : 0);
  const symbolAfter = comma;
  const symbolShown = r() < 0.5;
  const withSymbol = (v) => (symbolShown ? (symbolAfter ? `${v} ${symbol}` : `${symbol}${v}`) : v);
  const when = dateText(lang, currency, y, m, d, form);
  const time = `${pad(8 + Math.floor(r() * 12))}:${pad(Math.floor(r() * 60))}`;
  const row = (a, b, strong = false) => `<div class="row${strong ? ' strong' : ''}"><span>${escape(a)}</span><span>${escape(b)}</span></div>`;
  const taxFirst = r() < 0.5;
  const totalBig = r() < 0.5;
  const codeShown = r() < 0.5;
  const codeLine = codeShown ? `<div class="c">${currency}</div>` : '';
  // What a person can tell from the receipt alone: its code, or a symbol that names one currency ("$" on an
  // English receipt is the US dollar; on a Spanish one it could be any peso). Nothing printed: nothing to read.
  const readable = codeShown || (symbolShown && (symbol !== '$' || lang === 'en')) ? currency : null;
  const body = [
    `<div class="c shop">${escape(shop)}</div>`,
    `<div class="c">${escape(pick(streets[lang]))}</div>`,
    lang === 'es'
      ? `<div class="c">CIF B${10000000 + Math.floor(r() * 8999999)}</div>`
      : lang === 'fr'
        ? `<div class="c">SIRET ${Math.floor(r() * 1e9)} 00012</div>`
        : `<div class="c">Tel (555) ${100 + Math.floor(r() * 899)}-${1000 + Math.floor(r() * 8999)}</div>`,
    `<div class="c">${escape(words.doc)} ${Math.floor(r() * 90000) + 10000}</div>`,
    form % 2 === 0 ? `<div>${escape(words.date)}: ${escape(when)} ${time}</div>` : `<div class="row"><span>${escape(when)}</span><span>${time}</span></div>`,
    '<hr>',
    ...lines.map((l) => row(`${l.qty} x ${l.name}`, fmt(l.qty * l.price))),
    '<hr>',
    ...(taxFirst ? [row(words.sub, fmt(base)), row(words.tax, fmt(tax))] : []),
    `<div class="row strong${totalBig ? ' big' : ''}"><span>${escape(words.total)}</span><span>${escape(withSymbol(fmt(total)))}</span></div>`,
    ...(taxFirst ? [] : [row(words.base, fmt(base)), row(words.tax, fmt(tax))]),
    codeLine,
    row(words.cash, fmt(cash)),
    row(words.change, fmt(cash - total)),
    '<hr>',
    `<div class="c">${escape(words.thanks)}</div>`,
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}"><meta charset="utf-8"><style>
    body { margin: 0; background: #fff; }
    #receipt { width: ${width}px; padding: 18px 16px; font: ${size}px/1.35 ${font}; color: #1a1a1a; background: #fbfaf6; }
    .c { text-align: center; } .shop { font-size: 1.35em; font-weight: bold; margin-bottom: 4px; }
    .row { display: flex; justify-content: space-between; gap: 12px; } .strong { font-weight: bold; } .big { font-size: 1.3em; }
    hr { border: 0; border-top: 1px dashed #555; margin: 8px 0; }
  </style><div id="receipt">${body}</div></html>`;
  return {
    name: `receipt-${String(i).padStart(2, '0')}-${lang}`,
    lang,
    html,
    expected: { total: (total / 100).toFixed(2), totalMinor: total, date: `${y}-${pad(m)}-${pad(d)}`, shop, currency: readable },
  };
}

/**
 * Receipt i as a photo (JPEG bytes, or PNG when asked; in .jpeg either way): the HTML rendered in page, then drawn on
 * a canvas turned by up to ±2.5°, blurred, with grain and a light falling off
 * to one side, on a grey table.
 */
export async function photograph(page, i, type = 'jpeg') {
  const rec = receipt(i);
  await page.setViewportSize({ width: 600, height: 1400 });
  await page.setContent(rec.html);
  const png = await page.locator('#receipt').screenshot({ type: 'png', scale: 'device' });
  const r = rng(77 + i * 104729);
  const noise = { angle: (r() - 0.5) * 5, blur: 0.3 + r() * 0.6, grain: 10 + r() * 18, light: 0.25 + r() * 0.3, lx: r(), ly: r() };
  const jpeg = await page.evaluate(
    async ({ data, noise, type }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const margin = 60;
      const canvas = document.createElement('canvas');
      canvas.width = img.width + margin * 2;
      canvas.height = img.height + margin * 2;
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#8a8f94';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.save();
      ctx.translate(canvas.width / 2, canvas.height / 2);
      ctx.rotate((noise.angle * Math.PI) / 180);
      ctx.filter = `blur(${noise.blur}px)`;
      ctx.drawImage(img, -img.width / 2, -img.height / 2);
      ctx.restore();
      ctx.filter = 'none';
      // Uneven light: darker away from one point.
      const g = ctx.createRadialGradient(
        canvas.width * noise.lx,
        canvas.height * noise.ly,
        50,
        canvas.width * noise.lx,
        canvas.height * noise.ly,
        Math.max(canvas.width, canvas.height),
      );
      g.addColorStop(0, 'rgba(0,0,0,0)');
      g.addColorStop(1, `rgba(0,0,0,${noise.light})`);
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      // Grain.
      const px = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let seed = 12345;
      for (let k = 0; k < px.data.length; k += 4) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const n = (seed / 0x7fffffff - 0.5) * noise.grain;
        px.data[k] += n;
        px.data[k + 1] += n;
        px.data[k + 2] += n;
      }
      ctx.putImageData(px, 0, 0);
      const url = canvas.toDataURL(`image/${type}`, 0.85);
      return url.slice(url.indexOf(',') + 1);
    },
    { data: png.toString('base64'), noise, type },
  );
  return { ...rec, jpeg: Buffer.from(jpeg, 'base64'), type };
}
