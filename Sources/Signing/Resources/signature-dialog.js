// The dialog in which a signer makes their signature or initials: drawn, typed or uploaded.
// It answers a mark {method: "drawn"|"typed"|"uploaded", image: PNG data URL, text}.
import { SignaturePad } from "./signature-pad.js";
import { drawTypedSignature, drawUploadedImage, trimmedPNG } from "./signature-images.js";

const TABS = ["draw", "type", "upload"];
const METHODS = { draw: "drawn", type: "typed", upload: "uploaded" };

// The initials of `name`: the first letter of each word.
export function initialsOf(name) {
  return name
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => [...word][0].toUpperCase())
    .join("");
}

export class SignatureDialog {
  constructor(dialog) {
    const find = (id) => dialog.querySelector(`#${id}`);
    this.dialog = dialog;
    this.title = find("signature-title");
    this.typeLabel = find("type-label");
    this.tabs = Object.fromEntries(TABS.map((tab) => [tab, find(`tab-${tab}`)]));
    this.panels = Object.fromEntries(TABS.map((tab) => [tab, find(`panel-${tab}`)]));
    this.pad = new SignaturePad(find("draw-pad"), () => this.refresh());
    this.typeInput = find("type-text");
    this.typePreview = find("type-preview");
    this.uploadInput = find("upload-file");
    this.uploadPreview = find("upload-preview");
    this.uploadError = find("upload-error");
    this.adoptButton = find("signature-adopt");
    this.tab = "draw";
    this.uploaded = false;
    this.resolve = null;
    this.name = "";

    for (const tab of TABS) {
      this.tabs[tab].addEventListener("click", () => this.select(tab));
      this.tabs[tab].addEventListener("keydown", (event) => this.moveBetweenTabs(event, tab));
    }
    find("draw-clear").addEventListener("click", () => this.pad.clear());
    this.typeInput.addEventListener("input", () => {
      drawTypedSignature(this.typePreview, this.typeInput.value);
      this.refresh();
    });
    // Enter in the name adopts it, as it would submit a form.
    this.typeInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !this.adoptButton.disabled) this.adoptButton.click();
    });
    this.uploadInput.addEventListener("change", () => this.readUpload());
    find("signature-cancel").addEventListener("click", () => this.finish(null));
    this.adoptButton.addEventListener("click", () => this.finish(this.mark()));
    // Escape, or close() from anywhere: whatever was asked is answered with nothing.
    dialog.addEventListener("close", () => this.finish(null));
  }

  // Opens the dialog for a "signature" or "initials" of the signer `name`; answers the mark,
  // or null when the signer cancels.
  request(kind, name) {
    this.finish(null);
    const initials = kind === "initials";
    this.title.textContent = initials ? "Your initials" : "Your signature";
    this.typeLabel.textContent = initials ? "Type your initials" : "Type your name";
    this.name = initials ? initialsOf(name) : name;
    this.pad.clear();
    this.typeInput.value = this.name;
    drawTypedSignature(this.typePreview, this.typeInput.value);
    this.uploadInput.value = "";
    this.uploadPreview.getContext("2d").clearRect(0, 0, this.uploadPreview.width, this.uploadPreview.height);
    this.uploadError.textContent = "";
    this.uploaded = false;
    this.select(this.tab);
    this.dialog.showModal();
    this.tabs[this.tab].focus();
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  // Shows the panel of `tab`.
  select(tab) {
    this.tab = tab;
    for (const each of TABS) {
      const selected = each === tab;
      this.tabs[each].setAttribute("aria-selected", String(selected));
      this.tabs[each].tabIndex = selected ? 0 : -1;
      this.panels[each].hidden = !selected;
    }
    this.refresh();
  }

  // Arrow keys, Home and End move between the tabs, as in any tab list.
  moveBetweenTabs(event, tab) {
    const index = TABS.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length];
    this.select(target);
    this.tabs[target].focus();
  }

  async readUpload() {
    const file = this.uploadInput.files[0];
    this.uploaded = false;
    this.uploadError.textContent = "";
    this.uploadPreview.getContext("2d").clearRect(0, 0, this.uploadPreview.width, this.uploadPreview.height);
    if (file) {
      try {
        await drawUploadedImage(this.uploadPreview, file);
        this.uploaded = true;
      } catch (error) {
        this.uploadError.textContent = error.message;
      }
    }
    this.refresh();
  }

  // Enables Adopt when the chosen panel holds a mark.
  refresh() {
    const ready = { draw: !this.pad.isEmpty, type: this.typeInput.value.trim() !== "", upload: this.uploaded }[this.tab];
    this.adoptButton.disabled = !ready;
  }

  // The mark of the chosen panel.
  mark() {
    const canvas = { draw: this.pad.canvas, type: this.typePreview, upload: this.uploadPreview }[this.tab];
    const image = trimmedPNG(canvas, this.tab === "upload" ? 0 : 8);
    if (!image) return null;
    const text = this.tab === "type" ? this.typeInput.value.trim() : this.name;
    return { method: METHODS[this.tab], image, text };
  }

  finish(mark) {
    const resolve = this.resolve;
    this.resolve = null;
    if (this.dialog.open) this.dialog.close();
    resolve?.(mark);
  }
}