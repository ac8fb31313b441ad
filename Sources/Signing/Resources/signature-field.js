// A signature or initials field: a button that puts the signer's mark there. The first one
// asks for the mark (SignatureDialog); later ones reuse it, and choosing a signed field again
// lets the signer change the mark everywhere.
import { FieldControl } from "./field-control.js";

export class SignatureField extends FieldControl {
  // `marks` is the page's AdoptedMarks.
  constructor(field, onChange, marks) {
    super(field, onChange);
    this.kind = field.type === "initials" ? "initials" : "signature";
    this.marks = marks;
    this.signed = false;
    this.button = document.createElement("button");
    this.button.type = "button";
    this.prompt = document.createElement("span");
    this.prompt.className = "field-prompt";
    this.prompt.textContent = this.kind === "initials" ? "Initial" : "Sign";
    this.image = document.createElement("img");
    this.image.alt = "";
    this.image.hidden = true;
    this.button.append(this.prompt, this.image);
    this.button.addEventListener("click", () => this.marks.apply(this));
    this.mount(this.button);
    this.describe();
  }

  get isDone() {
    return this.signed;
  }

  // `true` for a signed field: the image itself travels once, as the submission's
  // `signature` or `initials`.
  get value() {
    return this.signed ? true : undefined;
  }

  // Shows `mark` ({image, …}) in the field, or empties it when `mark` is null.
  show(mark) {
    this.signed = mark !== null;
    this.image.hidden = !this.signed;
    this.prompt.hidden = this.signed;
    if (mark) this.image.src = mark.image;
    this.describe();
    this.changed();
  }

  describe() {
    const state = this.signed ? "signed; choose to change" : "not signed yet";
    this.button.setAttribute("aria-label", `${this.name}: ${state}`);
  }
}