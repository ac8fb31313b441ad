// A select or dropdown field: one of the field's options. When the field allows another
// answer, the signer may also type their own (an input with the options as suggestions).
import { FieldControl } from "./field-control.js";

// The option names of a field, whether the options come as strings or as {name}.
function optionNames(options) {
  return (options ?? []).map((option) => (typeof option === "string" ? option : option?.name)).filter((name) => typeof name === "string" && name !== "");
}

export class ChoiceField extends FieldControl {
  constructor(field, onChange) {
    super(field, onChange);
    const names = optionNames(field.options);
    const preset = typeof field.value === "string" && field.value ? field.value : field.default_option ?? "";
    if (field.allow_other) {
      this.input = document.createElement("input");
      this.input.type = "text";
      this.input.autocomplete = "off";
      const list = document.createElement("datalist");
      list.id = `field-${field.id}-options`;
      for (const name of names) list.append(new Option(name));
      this.input.setAttribute("list", list.id);
      this.element.append(list);
      this.input.value = preset;
      this.input.placeholder = "Choose or type";
      this.input.addEventListener("input", () => this.changed());
    } else {
      this.input = document.createElement("select");
      this.input.append(new Option("Choose…", ""));
      for (const name of names) this.input.append(new Option(name, name));
      this.input.value = names.includes(preset) ? preset : "";
      this.input.addEventListener("change", () => this.changed());
    }
    this.input.setAttribute("aria-label", this.name);
    this.input.disabled = Boolean(field.read_only);
    this.mount(this.input);
  }

  get choice() {
    return this.input.value.trim();
  }

  get isDone() {
    return this.choice !== "";
  }

  get value() {
    return this.field.read_only || this.choice === "" ? undefined : this.choice;
  }
}