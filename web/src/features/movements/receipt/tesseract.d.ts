// tesseract.js's ES module build (dist/tesseract.esm.min.js): the same API as
// its CommonJS entry, whose types it has. ocr.ts imports this one so that the
// bundler adds no CommonJS helpers to the runtime every page loads.
declare module 'tesseract.js/dist/tesseract.esm.min.js' {
  import type Tesseract from 'tesseract.js';
  const tesseract: typeof Tesseract;
  export default tesseract;
}
