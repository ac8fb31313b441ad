// A checkbox. A required one must be checked; any other sends whether it is.
import { FieldControl } from "./field-control.js";

export class CheckboxField extends FieldControl {
  constructor(field, onChange) {
    super(field, onChange);
    this.input = document.createElement("input");
    this.input.type = "checkbox";
    this.input.setAttribute("aria-label", this.name);
    this.input.checked = field.value === true || field.value === "true";
    this.input.disabled = Boolean(field.read_only);
    this.input.addEventListener("change", () => this.changed());
    this.mount(this.input);
  }

  get isDone() {
    return !this.required || this.input.checked;
  }

  get value() {
    return this.field.read_only ? undefined : this.input.checked;
  }
}