// A field the signer does not fill: an autofill field (the sender's or the signer's details,
// filled by the server) or any other read-only field. It shows its value and sends nothing.
import { FieldControl } from "./field-control.js";

export class ReadOnlyField extends FieldControl {
  constructor(field, onChange) {
    super(field, onChange);
    this.input = document.createElement("input");
    this.input.type = "text";
    this.input.readOnly = true;
    this.input.value = field.value === null || field.value === undefined ? "" : String(field.value);
    this.input.setAttribute("aria-label", this.name);
    this.mount(this.input);
  }
}