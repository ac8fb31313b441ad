// The dialog that asks a signer why they decline.

export class DeclineDialog {
  constructor(dialog) {
    this.dialog = dialog;
    this.reason = dialog.querySelector("#decline-reason");
    this.error = dialog.querySelector("#decline-error");
    this.resolve = null;
    dialog.querySelector("#decline-cancel").addEventListener("click", () => this.finish(null));
    dialog.querySelector("#decline-confirm").addEventListener("click", () => {
      const reason = this.reason.value.trim();
      if (reason === "") {
        this.error.textContent = "Please say why you decline.";
        this.reason.setAttribute("aria-invalid", "true");
        this.reason.focus();
        return;
      }
      this.finish(reason);
    });
    this.reason.addEventListener("input", () => {
      this.error.textContent = "";
      this.reason.removeAttribute("aria-invalid");
    });
    dialog.addEventListener("close", () => this.finish(null));
  }

  // Opens the dialog; answers the reason, or null when the signer does not decline after all.
  request() {
    this.finish(null);
    this.error.textContent = "";
    this.reason.removeAttribute("aria-invalid");
    this.dialog.showModal();
    this.reason.focus();
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  finish(reason) {
    const resolve = this.resolve;
    this.resolve = null;
    if (this.dialog.open) this.dialog.close();
    resolve?.(reason);
  }
}