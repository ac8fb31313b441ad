// A text field: what the signer types, checked against the field's validation as they go. A
// field that is not `fixed_width` grows to the right as the text gets longer.
import { FieldControl } from "./field-control.js";
import { inputModeFor, validationProblem } from "./text-validation.js";

export class TextField extends FieldControl {
  constructor(field, onChange) {
    super(field, onChange);
    this.input = document.createElement("input");
    this.input.type = "text";
    this.input.autocomplete = "off";
    this.input.inputMode = inputModeFor(field.validation);
    this.input.setAttribute("aria-label", this.name);
    if (field.label) this.input.placeholder = field.label;
    if (typeof field.value === "string" || typeof field.value === "number") this.input.value = String(field.value);
    this.input.addEventListener("input", () => {
      this.grow();
      this.changed();
    });
    this.mount(this.input);
  }

  get text() {
    return this.input.value.trim();
  }

  get isDone() {
    return this.text !== "" && this.problem === null;
  }

  get problem() {
    return validationProblem(this.text, this.field.validation);
  }

  get value() {
    return this.text === "" ? undefined : this.text;
  }

  // Widens the field to its text, up to the page's right edge.
  grow() {
    if (this.field.fixed_width) return;
    const page = this.element.parentElement;
    const style = getComputedStyle(this.input);
    const measure = (this.constructor.measure ??= document.createElement("canvas").getContext("2d"));
    measure.font = `${style.fontSize} ${style.fontFamily}`;
    const needed = measure.measureText(this.input.value).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 4;
    const limit = page ? page.clientWidth - this.field.x : needed;
    this.element.style.width = `${Math.min(limit, Math.max(this.field.width, needed))}px`;
  }
}