/**
 * The OCR engine: tesseract.js in a worker, with its core and the Spanish,
 * English and French data fetched from our own server (vite.config.ts
 * ocrFiles writes them into the build; nothing comes from a CDN, the photo
 * never leaves the browser). Only ReceiptDialog imports this module, with
 * import(): the engine loads when someone reads a receipt.
 *
 * One worker serves every receipt of the visit (loading the engine and the
 * data is most of the first reading's time); it ends after a few idle
 * minutes to give its memory back.
 */
import type { Worker } from 'tesseract.js';
import tesseract from 'tesseract.js/dist/tesseract.esm.min.js';
import { relaxedSimd } from 'wasm-feature-detect';

declare const __OCR_PATHS__: { workerPath: string; corePaths: { relaxedSimd: string; simd: string }; langPath: string };

export interface OcrProgress {
  /** 'loading': the engine and its data; 'reading': the photo. */
  stage: 'loading' | 'reading';
  /** 0–1 */
  progress: number;
}

const idleMs = 3 * 60_000;
let worker: Promise<Worker> | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
let listener: ((p: OcrProgress) => void) | null = null;

/** The core's build this browser runs: relaxed SIMD where it has it (faster), else SIMD. */
async function corePath(): Promise<string> {
  const { corePaths } = __OCR_PATHS__;
  return (await relaxedSimd().catch(() => false)) ? corePaths.relaxedSimd : corePaths.simd;
}

function engine(): Promise<Worker> {
  worker ??= corePath()
    .then((core) =>
      tesseract.createWorker(['spa', 'eng', 'fra'], tesseract.OEM.LSTM_ONLY, {
        workerPath: __OCR_PATHS__.workerPath,
        corePath: core,
        langPath: __OCR_PATHS__.langPath,
        // The worker is our own file, not a blob: the page's Content-Security-Policy allows scripts from 'self' only.
        workerBlobURL: false,
        logger: (m: { status: string; progress: number }) =>
          listener?.({ stage: m.status === 'recognizing text' ? 'reading' : 'loading', progress: m.progress }),
      }),
    )
    .then(async (w) => {
      // A receipt is a column of lines: read as one block of text, without the page-layout analysis of a book;
      // dark text on light paper: no second reading of doubtful lines as if they were light on dark.
      await w.setParameters({ tessedit_pageseg_mode: tesseract.PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', tessedit_do_invert: '0' });
      return w;
    });
  worker.catch(() => {
    worker = null;
  });
  return worker;
}

/** The longest side a photo is read at: a phone's 4000 px photo takes seconds longer and reads no better. */
const maxSide = 1800;

/** The photo, turned upright (its EXIF orientation), scaled down and in greys. */
async function prepare(photo: Blob): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.filter = 'grayscale(1)';
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}

/** Ends the worker after idleMs without a receipt. */
function endWhenIdle() {
  clearTimeout(idle);
  idle = setTimeout(() => {
    const w = worker;
    worker = null;
    void w?.then((x) => x.terminate());
  }, idleMs);
}

/**
 * Starts loading the engine and its data while the person takes the photo
 * or picks the file (seconds on a phone): the reading then starts at once.
 */
export function warmUp(): void {
  void engine().catch(() => undefined);
  endWhenIdle();
}

/** The text on a receipt's photo. */
export async function recognize(photo: Blob, onProgress?: (p: OcrProgress) => void): Promise<string> {
  clearTimeout(idle);
  listener = onProgress ?? null;
  try {
    const [w, image] = await Promise.all([engine(), prepare(photo)]);
    const { data } = await w.recognize(image);
    return data.text;
  } finally {
    listener = null;
    endWhenIdle();
  }
}
