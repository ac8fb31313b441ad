// The form that asks for the passcode the sender protected a recipient's part with. The server
// checks it (and locks the link for a while after too many wrong ones); the page learns only
// that it was right, through the proof SigningSession keeps.

export class PasscodeForm {
  // `section` holds the form; `api` is the SigningSession to unlock.
  constructor(section, api) {
    this.section = section;
    this.api = api;
    this.input = section.querySelector("#passcode-input");
    this.error = section.querySelector("#passcode-error");
    this.button = section.querySelector("#passcode-submit");
    this.resolve = null;
    section.querySelector("#passcode-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.input.addEventListener("input", () => this.showError(null));
  }

  // Shows the form for a locked session ({document_name, recipient_name}); resolves once the
  // server accepted a passcode.
  unlock(locked) {
    this.section.querySelector("#passcode-document").textContent = locked.document_name || "Document";
    this.section.querySelector("#passcode-recipient").textContent = locked.recipient_name ? `For ${locked.recipient_name}` : "";
    this.showError(null);
    this.section.hidden = false;
    this.input.focus();
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  async submit() {
    if (this.button.disabled) return;
    const passcode = this.input.value;
    if (passcode === "") {
      this.showError("Please enter the passcode.");
      this.input.focus();
      return;
    }
    this.button.disabled = true;
    this.button.setAttribute("aria-busy", "true");
    try {
      await this.api.unlock(passcode);
    } catch (error) {
      this.showError(error.message);
      this.input.select();
      this.input.focus();
      return;
    } finally {
      this.button.disabled = false;
      this.button.removeAttribute("aria-busy");
    }
    this.input.value = "";
    this.section.hidden = true;
    const resolve = this.resolve;
    this.resolve = null;
    resolve?.();
  }

  // Shows `text` under the input as the reason it was refused, or clears it (null).
  showError(text) {
    this.error.textContent = text ?? "";
    if (text) this.input.setAttribute("aria-invalid", "true");
    else this.input.removeAttribute("aria-invalid");
  }
}