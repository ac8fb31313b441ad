// The document's pages, each a white sheet of its displayed size in 96-dpi pixels (the units
// of SignWell's field positions), scaled down as a whole to fit narrow screens. Fields are
// placed on the sheets in those same units, so the scale never changes where they are.

export class DocumentPages {
  // Builds a sheet for each of `pages` ({number, width, height}) in `container`.
  constructor(container, pages) {
    this.container = container;
    this.sheets = new Map();
    for (const page of pages) {
      const frame = document.createElement("section");
      frame.className = "page-frame";
      frame.setAttribute("aria-label", `Page ${page.number} of ${pages.length}`);
      const sheet = document.createElement("div");
      sheet.className = "page";
      sheet.style.width = `${page.width}px`;
      sheet.style.height = `${page.height}px`;
      const canvas = document.createElement("canvas");
      canvas.className = "page-image";
      canvas.setAttribute("aria-hidden", "true");
      sheet.append(canvas);
      frame.append(sheet);
      container.append(frame);
      this.sheets.set(page.number, { page, frame, sheet, canvas });
    }
    this.width = null;
    this.fit();
    // Refitting changes the container's height, so it waits for the next frame: resizing inside
    // the observer's callback would make the browser report a loop.
    new ResizeObserver(() => requestAnimationFrame(() => this.fit())).observe(container);
  }

  // Puts a field's element on its page; a field on a page that does not exist is left out.
  place(pageNumber, element) {
    const sheet = this.sheets.get(pageNumber);
    if (!sheet) return false;
    sheet.sheet.append(element);
    return true;
  }

  // Scales every sheet to the container's width (never up); nothing to do when the width has
  // not changed.
  fit() {
    const style = getComputedStyle(this.container);
    const available = this.container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (available === this.width) return;
    this.width = available;
    for (const { page, frame, sheet } of this.sheets.values()) {
      const scale = Math.min(1, available / page.width);
      frame.style.width = `${page.width * scale}px`;
      frame.style.height = `${page.height * scale}px`;
      sheet.style.transform = scale === 1 ? "" : `scale(${scale})`;
    }
  }

  // Draws each page with `renderer` when it comes near the screen; `onFailure` is told of the
  // first page that could not be drawn, and then no more are tried.
  drawWith(renderer, onFailure) {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const { page, canvas } = this.sheetOf(entry.target);
        renderer.draw(page.number, canvas, page.width).then(
          () => canvas.classList.add("drawn"),
          (error) => {
            observer.disconnect();
            onFailure(error);
          },
        );
      }
    }, { rootMargin: "100% 0px" });
    for (const { frame } of this.sheets.values()) observer.observe(frame);
  }

  sheetOf(frame) {
    for (const sheet of this.sheets.values()) if (sheet.frame === frame) return sheet;
    return null;
  }
}