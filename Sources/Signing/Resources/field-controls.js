// The control of each kind of field.
import { CheckboxField } from "./checkbox-field.js";
import { ChoiceField } from "./choice-field.js";
import { DateField } from "./date-field.js";
import { ReadOnlyField } from "./read-only-field.js";
import { SignatureField } from "./signature-field.js";
import { TextField } from "./text-field.js";

// The control of `field`; `onChange` is told of every change, `marks` keeps the signature
// and initials.
export function createFieldControl(field, onChange, marks) {
  if (field.type.startsWith("autofill_")) field = { ...field, read_only: true };
  switch (field.type) {
    case "signature":
    case "initials": {
      const control = new SignatureField(field, onChange, marks);
      marks.register(control);
      return control;
    }
    case "text":
      return field.read_only ? new ReadOnlyField(field, onChange) : new TextField(field, onChange);
    case "date":
      return new DateField(field, onChange);
    case "checkbox":
      return new CheckboxField(field, onChange);
    case "select":
    case "dropdown":
      return new ChoiceField(field, onChange);
    default:
      return new ReadOnlyField(field, onChange);
  }
}

// The fields in reading order: page by page, top to bottom, then left to right.
export function readingOrder(fields) {
  return [...fields].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
}