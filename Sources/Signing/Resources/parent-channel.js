// The conversation with the page that embeds this one through embedded.js: events go up as
// {source: "signwell-embed", version: 1, event, data}; the only message that comes down is
// {source: "signwell-embed", command: "close"}.

// `origin` when it is a real http(s) origin, else null (a `file:` page, an opaque origin,
// nothing at all).
function webOrigin(origin) {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

export class ParentChannel {
  // `parentOrigin` is the parent's `location.origin` as embedded.js sent it. Messages go to
  // exactly that origin; a parent without a real origin (a WKWebView page loaded from a
  // `file:` URL) gets them with the target `*`, which is acceptable because they carry only
  // the document's and recipient's ids and the event.
  constructor({ embedded, parentOrigin, onClose }) {
    this.parent = embedded && window.parent !== window ? window.parent : null;
    this.targetOrigin = webOrigin(parentOrigin) ?? "*";
    if (this.parent) {
      window.addEventListener("message", (event) => {
        if (event.source !== this.parent) return;
        if (this.targetOrigin !== "*" && event.origin !== this.targetOrigin) return;
        if (event.data?.source === "signwell-embed" && event.data.command === "close") onClose();
      });
    }
  }

  // Tells the parent that `event` happened; does nothing when the page is not embedded.
  post(event, data) {
    this.parent?.postMessage({ source: "signwell-embed", version: 1, event, data }, this.targetOrigin);
  }
}