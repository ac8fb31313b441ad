// Leads the signer through the required fields: says how many are left, takes them to the
// next one that needs them (empty, or with a value that does not pass), and enables Finish
// only when every required field is done and every value passes.

export class RequiredFieldsGuide {
  // `controls` are the field controls in reading order.
  constructor({ controls, progress, nextButton, finishButton }) {
    this.controls = controls;
    this.required = controls.filter((control) => control.required);
    this.progress = progress;
    this.nextButton = nextButton;
    this.finishButton = finishButton;
    this.current = -1;
    nextButton.addEventListener("click", () => this.next());
    this.update();
  }

  // The required fields still to fill.
  get remaining() {
    return this.required.filter((control) => !control.isDone);
  }

  // The fields the signer must still see to: required ones not done, and any whose value
  // does not pass, in reading order.
  get pending() {
    return this.controls.filter((control) => (control.required && !control.isDone) || control.problem !== null);
  }

  // Updates the counter and the buttons; call after every change.
  update() {
    const left = this.remaining.length;
    const total = this.required.length;
    const pending = this.pending.length;
    if (left > 0) this.progress.textContent = `${left} of ${total} required ${total === 1 ? "field" : "fields"} left`;
    else if (pending > 0) this.progress.textContent = `Correct the ${pending === 1 ? "field" : "fields"} marked in red to finish.`;
    else if (total === 0) this.progress.textContent = "No fields are required. Choose Finish when you are ready.";
    else this.progress.textContent = `All ${total} required ${total === 1 ? "field is" : "fields are"} done. Choose Finish to sign.`;
    this.progress.dataset.left = String(left);
    this.finishButton.disabled = pending > 0;
    this.nextButton.hidden = pending === 0;
  }

  // Scrolls to the next pending field (after the last one visited, wrapping around),
  // highlights and focuses it; with none left, focuses Finish.
  next() {
    const pending = this.pending;
    if (pending.length === 0) {
      this.finishButton.focus();
      return;
    }
    const after = pending.find((control) => this.controls.indexOf(control) > this.current) ?? pending[0];
    this.current = this.controls.indexOf(after);
    after.element.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    after.highlight();
    after.focus();
  }
}