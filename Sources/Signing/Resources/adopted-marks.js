// The signature and the initials the signer adopted, shared by all their fields: the first
// field asks for the mark, the next ones reuse it, and changing it changes every field that
// shows it.

export class AdoptedMarks {
  // `dialog` is the SignatureDialog; `signerName` seeds its typed mark.
  constructor(dialog, signerName) {
    this.dialog = dialog;
    this.signerName = signerName;
    this.marks = { signature: null, initials: null };
    this.fields = [];
  }

  // Adds a SignatureField whose mark this book keeps.
  register(field) {
    this.fields.push(field);
  }

  // The adopted mark of a kind ("signature" or "initials"), or null.
  mark(kind) {
    return this.marks[kind];
  }

  // What choosing `field` does: puts the adopted mark there, or asks for one (the first time,
  // and to change a field that is already signed).
  async apply(field) {
    const adopted = this.marks[field.kind];
    if (adopted && !field.signed) {
      field.show(adopted);
      return;
    }
    const mark = await this.dialog.request(field.kind, this.signerName);
    field.focus();
    if (!mark) return;
    this.marks[field.kind] = mark;
    for (const each of this.fields) {
      if (each.kind === field.kind && (each.signed || each === field)) each.show(mark);
    }
  }
}