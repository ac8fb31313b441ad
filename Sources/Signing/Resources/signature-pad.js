// A canvas to sign on with a mouse, a pen or a finger (pointer events, so touch works without
// scrolling the page: the canvas has `touch-action: none`).
import { INK } from "./signature-images.js";

export class SignaturePad {
  // `onChange` is called after each stroke and after clear().
  constructor(canvas, onChange) {
    this.canvas = canvas;
    this.context = canvas.getContext("2d");
    this.onChange = onChange;
    this.strokes = 0;
    this.last = null;
    canvas.addEventListener("pointerdown", (event) => this.begin(event));
    canvas.addEventListener("pointermove", (event) => this.extend(event));
    canvas.addEventListener("pointerup", (event) => this.end(event));
    canvas.addEventListener("pointercancel", (event) => this.end(event));
  }

  // Whether nothing has been drawn since the last clear().
  get isEmpty() {
    return this.strokes === 0;
  }

  // Wipes the canvas.
  clear() {
    this.context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.strokes = 0;
    this.onChange();
  }

  // Where `event` is, in the canvas's own pixels (its CSS size may differ).
  point(event) {
    const box = this.canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * this.canvas.width) / box.width,
      y: ((event.clientY - box.top) * this.canvas.height) / box.height,
    };
  }

  begin(event) {
    if (event.button !== 0) return;
    event.preventDefault();
    this.canvas.setPointerCapture(event.pointerId);
    this.last = this.point(event);
    // A dot, so that a tap leaves a mark.
    this.context.fillStyle = INK;
    this.context.beginPath();
    this.context.arc(this.last.x, this.last.y, 1.5, 0, 2 * Math.PI);
    this.context.fill();
  }

  extend(event) {
    if (!this.last) return;
    event.preventDefault();
    const context = this.context;
    context.strokeStyle = INK;
    context.lineWidth = 3;
    context.lineCap = "round";
    context.lineJoin = "round";
    const events = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    for (const each of events.length > 0 ? events : [event]) {
      const next = this.point(each);
      context.beginPath();
      context.moveTo(this.last.x, this.last.y);
      context.lineTo(next.x, next.y);
      context.stroke();
      this.last = next;
    }
  }

  end(event) {
    if (!this.last) return;
    this.last = null;
    this.strokes += 1;
    if (this.canvas.hasPointerCapture(event.pointerId)) this.canvas.releasePointerCapture(event.pointerId);
    this.onChange();
  }
}