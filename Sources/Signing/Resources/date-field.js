// A date field. The signer picks the date with the browser's own date (or date and time)
// input; the value is sent in the field's `date_format`. A locked signing date is shown
// filled with today and sent by nobody: the server writes the signing date itself.
import { FieldControl } from "./field-control.js";
import { dateFromInputValue, formatDate, hasTime, inputValueFromDate, parseDate } from "./date-format.js";

export class DateField extends FieldControl {
  constructor(field, onChange) {
    super(field, onChange);
    this.format = field.date_format || "MM/DD/YYYY";
    this.input = document.createElement("input");
    this.input.setAttribute("aria-label", `${this.name}, ${this.format}`);
    if (field.read_only) {
      this.input.type = "text";
      this.input.readOnly = true;
      this.input.value = typeof field.value === "string" && field.value ? field.value : formatDate(new Date(), this.format);
    } else {
      this.input.type = hasTime(this.format) ? "datetime-local" : "date";
      const preset = typeof field.value === "string" ? parseDate(field.value, this.format) : null;
      if (preset) this.input.value = inputValueFromDate(preset, hasTime(this.format));
      this.input.addEventListener("input", () => this.changed());
    }
    this.mount(this.input);
  }

  get date() {
    return dateFromInputValue(this.input.value);
  }

  get isDone() {
    return this.field.read_only || this.date !== null;
  }

  get problem() {
    // The browser empties the value of a date it cannot read; an unfinished date is still
    // "bad input" to it.
    return !this.field.read_only && this.input.validity.badInput ? "Enter a whole date." : null;
  }

  get value() {
    if (this.field.read_only || !this.date) return undefined;
    return formatDate(this.date, this.format);
  }
}