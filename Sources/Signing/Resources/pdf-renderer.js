// Draws the document's pages with pdf.js, the Debian `libjs-pdf` build this server serves when
// it is installed. pdf.js is a classic script that sets `window.pdfjsLib`; it runs its parser
// in a worker from the same server, and is told not to compile fonts with `eval`, which the
// page's content security policy forbids.

// Loads the classic script at `url`.
function loadScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.addEventListener("load", resolve);
    script.addEventListener("error", () => reject(new Error(`${url} could not be loaded`)));
    document.head.append(script);
  });
}

export class PDFRenderer {
  constructor(document) {
    this.document = document;
  }

  // The renderer of the PDF at `documentURL`, fetched with `httpHeaders` (the passcode's proof),
  // with pdf.js from `scriptURL` and `workerURL`.
  static async open(scriptURL, workerURL, documentURL, httpHeaders = {}) {
    await loadScript(scriptURL);
    const pdfjs = window.pdfjsLib;
    if (!pdfjs?.getDocument) throw new Error("pdf.js did not load");
    pdfjs.GlobalWorkerOptions.workerSrc = workerURL;
    const task = pdfjs.getDocument({ url: documentURL, httpHeaders, isEvalSupported: false, withCredentials: false });
    return new PDFRenderer(await task.promise);
  }

  // Draws page `number` (from 1) on `canvas`, at `width` CSS pixels wide, sharp on this screen.
  async draw(number, canvas, width) {
    const page = await this.document.getPage(number);
    const natural = page.getViewport({ scale: 1 });
    const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
    const viewport = page.getViewport({ scale: (width / natural.width) * pixelRatio });
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvasContext: canvas.getContext("2d"), viewport }).promise;
    page.cleanup();
  }
}