// The signing page: loads the recipient's session (after the passcode, when the sender set one),
// shows the pages with the recipient's fields on them, leads them through the required ones,
// and sends their values, signature and initials, or their reason to decline. Inside
// embedded.js's iframe it tells the parent page what happened (ParentChannel).
import { AdoptedMarks } from "./adopted-marks.js";
import { DeclineDialog } from "./decline-dialog.js";
import { DocumentPages } from "./document-pages.js";
import { createFieldControl, readingOrder } from "./field-controls.js";
import { readPageOptions } from "./page-options.js";
import { ParentChannel } from "./parent-channel.js";
import { PasscodeForm } from "./passcode-form.js";
import { PDFRenderer } from "./pdf-renderer.js";
import { RequiredFieldsGuide } from "./required-fields-guide.js";
import { SignatureDialog } from "./signature-dialog.js";
import { SigningSession } from "./signing-api.js";
import { STATE_MESSAGES, THANK_YOU_MESSAGES, unknownStateMessage } from "./signing-outcomes.js";

const element = (id) => document.getElementById(id);
const options = readPageOptions(window.location);
const api = new SigningSession(options.sessionPath);
const signatureDialog = new SignatureDialog(element("signature-dialog"));
const declineDialog = new DeclineDialog(element("decline-dialog"));
const passcodeForm = new PasscodeForm(element("passcode"), api);
const channel = new ParentChannel({
  embedded: options.embedded,
  parentOrigin: options.parentOrigin,
  // The parent removes the widget: nothing may stay open or pending in it.
  onClose: () => {
    signatureDialog.finish(null);
    declineDialog.finish(null);
  },
});

let session = null;
let controls = [];
let marks = null;
let guide = null;

// The data of every event: the document's and the recipient's ids (once the session is loaded
// and, with a passcode, unlocked), and `extra`.
function eventData(extra = {}) {
  return session?.document ? { id: session.document.id, recipient_id: session.recipient.id, ...extra } : { ...extra };
}

window.addEventListener("error", (event) => channel.post("error", eventData({ message: event.message })));
window.addEventListener("unhandledrejection", (event) => {
  channel.post("error", eventData({ message: String(event.reason?.message ?? event.reason) }));
});

// Shows `text` above the pages as a problem with the whole submission, or hides it (null).
function showFormError(text) {
  element("form-error").textContent = text ?? "";
  element("form-error").hidden = !text;
}

// Replaces the fields with a message ({title, text}); offers the signed document when the
// document is complete.
function showMessage({ title, text }, state) {
  for (const id of ["progress", "next-field", "decline", "finish", "pages", "notice", "form-error", "loading"]) element(id).hidden = true;
  element("outcome-title").textContent = title;
  element("outcome-text").textContent = text;
  element("outcome-download").hidden = !(state === "completed" && options.allowDownload && session);
  element("outcome").hidden = false;
  element("outcome-title").focus();
}

// Navigates to `url` when the page runs on its own and it is a web address; inside a widget
// the parent page decides (embedded.js's redirectUrl and declineRedirectUrl).
function redirect(url) {
  if (options.embedded || !url) return;
  let target;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return;
  }
  if (target.protocol === "http:" || target.protocol === "https:") setTimeout(() => window.location.assign(target.href), 1500);
}

function showHeader() {
  const name = session.document.name || "Document";
  document.title = `${name} · Sign`;
  element("document-name").textContent = name;
  element("signer").textContent = `Signing as ${session.recipient.name}`;
  element("document-title").hidden = !options.showHeader;
  for (const id of ["download", "outcome-download"]) {
    element(id).href = session.document_url;
    element(id).setAttribute("download", `${name}.pdf`);
    if (api.unlockProof) {
      element(id).addEventListener("click", (event) => {
        event.preventDefault();
        saveDocument(`${name}.pdf`);
      });
    }
  }
  element("download").hidden = !options.allowDownload;
  element("close").hidden = !options.allowClose;
  element("close").addEventListener("click", () => channel.post("closed", eventData()));
  element("topbar").hidden = false;
}

// Saves the document as `fileName` for a recipient with a passcode: a link the browser follows
// cannot send the passcode's proof, so the page fetches the PDF itself and hands it over as a file.
async function saveDocument(fileName) {
  try {
    const url = URL.createObjectURL(await api.documentBlob(session.document_url));
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  } catch (error) {
    showFormError(error.message);
  }
}

// Draws the pages with pdf.js when the server has it; blank pages with a notice otherwise.
function drawPages(pages) {
  const notice = (text) => {
    element("notice").textContent = text;
    element("notice").hidden = false;
  };
  const { pdfjsScript, pdfjsWorker } = document.body.dataset;
  if (!pdfjsScript || !pdfjsWorker) {
    notice("This server cannot show the pages' content, so they appear blank; your fields are in their places. Download the document to read it.");
    return;
  }
  const failed = () => notice("The pages could not be drawn, so they appear blank; your fields are in their places. Download the document to read it.");
  PDFRenderer.open(pdfjsScript, pdfjsWorker, session.document_url, api.proofHeaders()).then((renderer) => pages.drawWith(renderer, failed), failed);
}

function showFields() {
  const pages = new DocumentPages(element("pages"), session.pages);
  marks = new AdoptedMarks(signatureDialog, session.recipient.name);
  const changed = () => guide?.update();
  controls = readingOrder(session.fields)
    .map((field) => createFieldControl(field, changed, marks))
    .filter((control) => pages.place(control.field.page, control.element));
  for (const control of controls) control.refresh();
  guide = new RequiredFieldsGuide({
    controls,
    progress: element("progress"),
    nextButton: element("next-field"),
    finishButton: element("finish"),
  });
  element("decline").hidden = !(options.allowDecline && session.allow_decline);
  for (const id of ["progress", "finish", "pages"]) element(id).hidden = false;
  element("loading").hidden = true;
  drawPages(pages);
}

// The submission: every value the signer gave, and the adopted marks the fields need.
function submission() {
  const values = {};
  for (const control of controls) {
    const value = control.value;
    if (value !== undefined) values[control.field.id] = value;
  }
  const body = { values };
  for (const kind of ["signature", "initials"]) {
    const mark = marks.mark(kind);
    if (mark && controls.some((control) => control.kind === kind && control.signed)) body[kind] = mark;
  }
  return body;
}

// Shows why a submission failed, and tells the parent unless it was only the signer's input.
async function showFailure(error) {
  if (error.status === 422 && error.fieldErrors) {
    const general = [];
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const control = controls.find((each) => each.field.id === key);
      if (control) control.showServerErrors(messages);
      else general.push(...messages.map((message) => (/^[a-z]/.test(message) ? `${key[0].toUpperCase()}${key.slice(1)} ${message}.` : message)));
    }
    showFormError(general.length > 0 ? general.join(" ") : "Some fields need your attention.");
    guide.update();
    controls.find((control) => control.serverErrors.length > 0)?.focus();
    return;
  }
  showFormError(error.message);
  channel.post("error", eventData({ message: error.message }));
  if (error.status === 409) {
    // Someone else acted first (or the signer did in another tab): show where things are now.
    try {
      session = await api.load();
      if (session.state !== "ready") showMessage(STATE_MESSAGES[session.state] ?? unknownStateMessage(session.state), session.state);
    } catch {
      // The message above already says what went wrong.
    }
  }
}

async function finish() {
  const button = element("finish");
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  showFormError(null);
  try {
    const result = await api.complete(submission());
    showMessage(THANK_YOU_MESSAGES[result.state] ?? unknownStateMessage(result.state), result.state);
    channel.post("signed", eventData());
    channel.post("completed", eventData());
    redirect(result.redirect_url ?? session.redirect_url);
  } catch (error) {
    await showFailure(error);
    guide.update();
  } finally {
    button.removeAttribute("aria-busy");
  }
}

async function decline() {
  const reason = await declineDialog.request();
  if (reason === null) return;
  showFormError(null);
  try {
    const result = await api.decline(reason);
    showMessage(THANK_YOU_MESSAGES.declined, result.state);
    channel.post("declined", eventData({ declineReason: reason }));
    redirect(result.redirect_url ?? session.decline_redirect_url);
  } catch (error) {
    await showFailure(error);
  }
}

// Wears the colours of the document's API application. The server checked them (hex colours,
// a radius in pixels), and custom properties set through the CSSOM are allowed by the CSP.
function applyBranding(branding) {
  if (!branding) return;
  const root = document.documentElement.style;
  if (branding.primary_color) {
    root.setProperty("--accent", branding.primary_color);
    root.setProperty("--accent-dark", branding.primary_color);
  }
  if (branding.button_text_color) root.setProperty("--on-accent", branding.button_text_color);
  if (branding.link_text_color) root.setProperty("--link", branding.link_text_color);
  if (Number.isInteger(branding.buttons_border_radius)) root.setProperty("--button-radius", `${branding.buttons_border_radius}px`);
}

async function start() {
  try {
    session = await api.load();
    applyBranding(session.branding);
    if (session.state === "locked") {
      element("loading").hidden = true;
      await passcodeForm.unlock(session);
      element("loading").hidden = false;
      session = await api.load();
    }
  } catch (error) {
    showMessage({ title: "This document cannot be opened", text: error.message }, null);
    channel.post("error", eventData({ message: error.message }));
    return;
  }
  showHeader();
  if (session.state === "ready") {
    showFields();
    element("finish").addEventListener("click", finish);
    element("decline").addEventListener("click", decline);
  } else {
    showMessage(STATE_MESSAGES[session.state] ?? unknownStateMessage(session.state), session.state);
  }
  channel.post("loaded", eventData());
}

start();