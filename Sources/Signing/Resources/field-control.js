// What every field on the page has in common: a box placed on its page in 96-dpi pixels, an
// accessible name, whether it is done, the value it sends, and a message below it for a value
// that does not pass (checked here, or refused by the server).

const NAMES = {
  signature: "Signature",
  initials: "Initials",
  checkbox: "Checkbox",
  date: "Date",
  select: "Choice",
  dropdown: "Choice",
  text: "Text",
  autofill_company: "Company",
  autofill_email: "Email",
  autofill_first_name: "First name",
  autofill_last_name: "Last name",
  autofill_name: "Name",
  autofill_phone: "Phone",
  autofill_title: "Title",
  autofill_date_signed: "Date signed",
};

export class FieldControl {
  // `onChange` is called whenever the signer changes the field.
  constructor(field, onChange) {
    this.field = field;
    this.onChange = onChange;
    this.touched = false;
    this.serverErrors = [];
    this.element = document.createElement("div");
    this.element.className = `field field-${field.type}`;
    this.element.dataset.fieldId = field.id;
    Object.assign(this.element.style, {
      left: `${field.x}px`,
      top: `${field.y}px`,
      width: `${field.width}px`,
      height: `${field.height}px`,
      fontSize: `${Math.max(8, Math.min(16, field.height * 0.6))}px`,
    });
    if (!this.required) this.element.dataset.optional = "";
    this.message = document.createElement("p");
    this.message.className = "field-message";
    this.message.id = `field-${field.id}-message`;
    this.message.hidden = true;
    this.element.append(this.message);
  }

  // What the field is called in messages.
  get title() {
    return this.field.label || this.field.name || NAMES[this.field.type] || "Field";
  }

  // What the field is called to a screen reader.
  get name() {
    if (this.field.read_only) return `${this.title} (filled in for you)`;
    return this.required ? this.title : `${this.title} (optional)`;
  }

  // Whether the signer must fill the field before finishing.
  get required() {
    return Boolean(this.field.required) && !this.field.read_only;
  }

  // Whether the field holds what it needs (subclasses say more).
  get isDone() {
    return true;
  }

  // Why the field's value does not pass, or null.
  get problem() {
    return null;
  }

  // The value sent when the signer finishes; undefined sends nothing.
  get value() {
    return undefined;
  }

  // Makes `control` the field's interactive element.
  mount(control) {
    this.control = control;
    control.setAttribute("aria-describedby", this.message.id);
    if (this.required) control.setAttribute("aria-required", "true");
    this.element.prepend(control);
    control.addEventListener("blur", () => {
      this.touched = true;
      this.refresh();
    });
  }

  focus() {
    this.control.focus({ preventScroll: true });
  }

  // Called by subclasses when the signer changed the value.
  changed() {
    this.serverErrors = [];
    this.refresh();
    this.onChange();
  }

  // Shows what the server said about the field's value ("is required" reads "Name is required.").
  showServerErrors(messages) {
    this.serverErrors = messages.map((message) => (/^[a-z]/.test(message) ? `${this.title} ${message}.` : message));
    this.touched = true;
    this.refresh();
  }

  // Brings the field to the signer's eye.
  highlight() {
    this.element.classList.remove("highlight");
    void this.element.offsetWidth; // restarts the animation
    this.element.classList.add("highlight");
  }

  // Shows the field's state: done, or with a message.
  refresh() {
    const problem = this.serverErrors.length > 0 ? this.serverErrors.join(" ") : this.touched ? this.problem : null;
    this.message.textContent = problem ?? "";
    this.message.hidden = !problem;
    this.element.classList.toggle("invalid", Boolean(problem));
    this.element.classList.toggle("done", this.isDone && !problem);
    if (problem) this.control?.setAttribute("aria-invalid", "true");
    else this.control?.removeAttribute("aria-invalid");
  }
}