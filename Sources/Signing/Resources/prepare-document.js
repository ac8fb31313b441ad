// Places a draft's fields on its pages. A kind of field is dragged from the palette onto a page
// (pointer events: mouse, pen and touch alike; a click or Enter puts it on the first page), a
// placed field is dragged to move it and selected to change whom it is for or whether it is
// required, and *Send* posts the fields in the shape and units of the SignWell API's fields:
// per file, in 96-dpi pixels from the top left of the file's page.

import { DocumentPages } from "/signwell/assets/document-pages.js";
import { PDFRenderer } from "/signwell/assets/pdf-renderer.js";

const root = document.getElementById("preparation");
const pageList = JSON.parse(root.dataset.pages);
const recipients = JSON.parse(root.dataset.recipients);
const colors = ["#0b5cad", "#a3261a", "#1d7a3a", "#8a4fbf", "#b36b00", "#00707a"];
const kinds = new Map([...document.querySelectorAll(".field-kind")].map((button) => [button.dataset.type, button]));
const pages = new DocumentPages(document.getElementById("pages"), pageList);
const fields = [];
let selected = null;

const recipientChoice = document.getElementById("field-recipient");
const panel = document.getElementById("selected-field");
const selectedRecipient = document.getElementById("selected-recipient");
const selectedRequired = document.getElementById("selected-required");
const sendButton = document.getElementById("send");
const sendMessage = document.getElementById("send-message");

// A pointer that moves less than this many screen pixels clicks rather than drags.
const DRAG_THRESHOLD = 4;

function colorOf(recipientID) {
  return colors[Math.max(0, recipients.findIndex((recipient) => recipient.id === recipientID)) % colors.length];
}

function nameOf(recipientID) {
  return recipients.find((recipient) => recipient.id === recipientID)?.name ?? recipientID;
}

function clamp(value, low, high) {
  return Math.min(Math.max(value, low), Math.max(low, high));
}

// The page under the screen point (clientX, clientY), with the point in that page's 96-dpi
// pixels; null off the pages.
function pageAt(clientX, clientY) {
  for (const { page, sheet } of pages.sheets.values()) {
    const box = sheet.getBoundingClientRect();
    if (clientX < box.left || clientX > box.right || clientY < box.top || clientY > box.bottom) continue;
    const scale = box.width / page.width;
    return { page, x: (clientX - box.left) / scale, y: (clientY - box.top) / scale };
  }
  return null;
}

// Puts `field` where it says, inside its page, with its recipient's colour and name.
function show(field) {
  const page = pageList.find((candidate) => candidate.number === field.page);
  field.x = clamp(field.x, 0, page.width - field.width);
  field.y = clamp(field.y, 0, page.height - field.height);
  const { element } = field;
  element.style.left = `${field.x}px`;
  element.style.top = `${field.y}px`;
  element.style.width = `${field.width}px`;
  element.style.height = `${field.height}px`;
  element.style.setProperty("--recipient-color", colorOf(field.recipient));
  element.textContent = `${kinds.get(field.type)?.textContent ?? field.type} · ${nameOf(field.recipient)}`;
  element.dataset.type = field.type;
  element.dataset.recipient = field.recipient;
  element.dataset.page = String(field.page);
  if (element.parentElement !== pages.sheets.get(field.page).sheet) pages.place(field.page, element);
}

function count() {
  document.getElementById("field-count").textContent =
    fields.length === 0 ? "No fields yet." : `${fields.length} field${fields.length === 1 ? "" : "s"} placed.`;
}

function select(field) {
  if (selected) selected.element.classList.remove("selected");
  selected = field;
  panel.hidden = !field;
  if (!field) return;
  field.element.classList.add("selected");
  selectedRecipient.value = field.recipient;
  selectedRequired.checked = field.required;
}

function remove(field) {
  fields.splice(fields.indexOf(field), 1);
  field.element.remove();
  if (selected === field) select(null);
  count();
}

// Adds a field ({type, recipient, page, x, y, width, height, required}) to its page.
function add(values, { focus = true } = {}) {
  const element = document.createElement("div");
  element.className = "placed-field";
  element.tabIndex = 0;
  element.setAttribute("role", "button");
  const field = { ...values, element };
  fields.push(field);
  element.addEventListener("pointerdown", (event) => move(event, field));
  element.addEventListener("focus", () => select(field));
  element.addEventListener("keydown", (event) => {
    if (event.key === "Delete" || event.key === "Backspace") remove(field);
  });
  show(field);
  count();
  if (focus) select(field);
}

// Follows a pointer pressed on `target` until it is released: `onMove(event)` for each move
// once it has moved far enough to be a drag, then `onDrop(event, dragged)`.
function follow(event, target, onMove, onDrop) {
  const start = { x: event.clientX, y: event.clientY };
  let dragged = false;
  target.setPointerCapture(event.pointerId);
  const moved = (next) => {
    if (!dragged && Math.hypot(next.clientX - start.x, next.clientY - start.y) < DRAG_THRESHOLD) return;
    dragged = true;
    onMove(next);
  };
  const released = (last) => {
    target.removeEventListener("pointermove", moved);
    target.removeEventListener("pointerup", released);
    target.removeEventListener("pointercancel", released);
    onDrop(last, dragged && last.type === "pointerup");
  };
  target.addEventListener("pointermove", moved);
  target.addEventListener("pointerup", released);
  target.addEventListener("pointercancel", released);
}

// A kind dragged from the palette: a ghost follows the pointer, and a field is placed where it
// is dropped on a page.
function dragKind(event, button) {
  if (event.button !== 0) return;
  event.preventDefault();
  const width = Number(button.dataset.width);
  const height = Number(button.dataset.height);
  let ghost = null;
  follow(event, button, (next) => {
    if (!ghost) {
      ghost = document.createElement("div");
      ghost.className = "field-ghost";
      ghost.textContent = button.textContent;
      document.body.append(ghost);
    }
    ghost.style.left = `${next.clientX}px`;
    ghost.style.top = `${next.clientY}px`;
  }, (last, dropped) => {
    ghost?.remove();
    button.dataset.dragged = dropped ? "true" : "";
    const target = dropped ? pageAt(last.clientX, last.clientY) : null;
    if (!target) return;
    add({
      type: button.dataset.type, recipient: recipientChoice.value, page: target.page.number,
      x: target.x - width / 2, y: target.y - height / 2, width, height, required: button.dataset.type !== "checkbox",
    });
  });
}

// A click (or Enter) on a kind places it near the top of the first page, below the last one
// placed there.
function placeOnFirstPage(button) {
  if (button.dataset.dragged === "true") {
    button.dataset.dragged = "";
    return;
  }
  const onFirst = fields.filter((field) => field.page === pageList[0].number).length;
  add({
    type: button.dataset.type, recipient: recipientChoice.value, page: pageList[0].number, x: 72, y: 72 + onFirst * 56,
    width: Number(button.dataset.width), height: Number(button.dataset.height), required: button.dataset.type !== "checkbox",
  });
}

// A placed field dragged to another place, on its page or another.
function move(event, field) {
  if (event.button !== 0) return;
  event.preventDefault();
  select(field);
  const box = field.element.getBoundingClientRect();
  const scale = box.width / field.width;
  const grip = { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
  follow(event, field.element, (next) => {
    const target = pageAt(next.clientX, next.clientY);
    if (!target) return;
    field.page = target.page.number;
    field.x = target.x - grip.x;
    field.y = target.y - grip.y;
    show(field);
  }, () => field.element.focus({ preventScroll: true }));
}

// The fields as the API takes them: a list per file, each field on its page of that file.
function fieldsByFile() {
  const files = Math.max(...pageList.map((page) => page.file)) + 1;
  const lists = Array.from({ length: files }, () => []);
  for (const field of fields) {
    const page = pageList.find((candidate) => candidate.number === field.page);
    lists[page.file].push({
      type: field.type, recipient_id: field.recipient, page: page.filePage, required: field.required,
      x: Math.round(field.x), y: Math.round(field.y), width: Math.round(field.width), height: Math.round(field.height),
    });
  }
  return lists;
}

async function send() {
  sendButton.disabled = true;
  sendMessage.hidden = true;
  try {
    const response = await fetch(root.dataset.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Form-Token": root.dataset.formToken },
      body: JSON.stringify({ fields: fieldsByFile() }),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok && answer.location) {
      window.location.assign(answer.location);
      return;
    }
    sendMessage.textContent = answer.message ?? `The document could not be sent (${response.status}).`;
  } catch {
    sendMessage.textContent = "The server could not be reached. Try again.";
  }
  sendMessage.hidden = false;
  sendButton.disabled = false;
}

for (const button of kinds.values()) {
  button.addEventListener("pointerdown", (event) => dragKind(event, button));
  button.addEventListener("click", () => placeOnFirstPage(button));
}
selectedRecipient.addEventListener("change", () => {
  if (!selected) return;
  selected.recipient = selectedRecipient.value;
  show(selected);
});
selectedRequired.addEventListener("change", () => {
  if (selected) selected.required = selectedRequired.checked;
});
document.getElementById("remove-field").addEventListener("click", () => selected && remove(selected));
sendButton.addEventListener("click", send);
for (const field of JSON.parse(root.dataset.fields)) add(field, { focus: false });
count();

if (root.dataset.pdfjsScript) {
  PDFRenderer.open(root.dataset.pdfjsScript, root.dataset.pdfjsWorker, root.dataset.pdf).then(
    (renderer) => pages.drawWith(renderer, showDrawFailure),
    showDrawFailure,
  );
} else {
  showDrawFailure();
}

function showDrawFailure() {
  document.getElementById("draw-failure").hidden = false;
}
