/*
 * Chancery's embedded signing widget, compatible with SignWell's embedded.js.
 *
 *   var embed = new SignWellEmbed({ url: recipient.embedded_signing_url, events: { completed: function (e) { ... } } });
 *   embed.on("declined", function (e) { ... }).open();
 *
 * Options: url (required), containerId (the element to put the widget in; without one it
 * opens as a full-window overlay), allowDecline, allowClose, showHeader, allowDownload
 * (booleans, default true), redirectUrl (followed after the signer finishes),
 * declineRedirectUrl (after they decline), events ({name: handler}).
 *
 * Events: loaded, signed, completed, declined, closed, error. Handlers get
 * {id, recipient_id, declineReason?, message?}: the document's and the recipient's ids, the
 * reason of a decline, the message of an error.
 *
 * The signing page runs in an iframe from the signing server and reports with postMessage;
 * only messages from that iframe's window and from the origin of `url` are believed.
 */
(function () {
  "use strict";

  var CONTAINER_ID = "SignWell-Embedded-Iframe-Container";
  var IFRAME_ID = "SignWell-Embedded-Iframe";
  var EVENTS = ["loaded", "signed", "completed", "declined", "closed", "error"];

  // `value` as a boolean, `fallback` when it was not given.
  function option(value, fallback) {
    return value === undefined || value === null ? fallback : Boolean(value);
  }

  // This page's origin when it is a web origin; null for file: pages and opaque origins,
  // which the signing page then answers with the target "*".
  function webOrigin() {
    var protocol = window.location.protocol;
    return protocol === "http:" || protocol === "https:" ? window.location.origin : null;
  }

  function SignWellEmbed(options) {
    if (!(this instanceof SignWellEmbed)) return new SignWellEmbed(options);
    if (!options || typeof options.url !== "string" || options.url === "") {
      throw new TypeError("SignWellEmbed: options.url must be the recipient's embedded_signing_url");
    }
    var url = new URL(options.url, document.baseURI);
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new TypeError("SignWellEmbed: options.url must be an http or https URL");
    }
    this.url = url;
    this.containerId = options.containerId || null;
    this.allowDecline = option(options.allowDecline, true);
    this.allowClose = option(options.allowClose, true);
    this.showHeader = option(options.showHeader, true);
    this.allowDownload = option(options.allowDownload, true);
    this.redirectUrl = options.redirectUrl || null;
    this.declineRedirectUrl = options.declineRedirectUrl || null;
    this.events = options.events || {};
    this.listeners = {};
    this.container = null;
    this.iframe = null;
    this.restoreOverflow = null;
    this.receive = this.receive.bind(this);
  }

  // Adds `handler` for `event`; returns the widget, so calls chain.
  SignWellEmbed.prototype.on = function (event, handler) {
    if (typeof handler !== "function") throw new TypeError("SignWellEmbed.on: the handler must be a function");
    (this.listeners[event] = this.listeners[event] || []).push(handler);
    return this;
  };

  // The iframe's address: the signing URL with the widget's options.
  SignWellEmbed.prototype.frameURL = function () {
    var url = new URL(this.url.href);
    var flag = function (value) { return value ? "1" : "0"; };
    url.searchParams.set("signwell_embedded_iframe", "1");
    var origin = webOrigin();
    if (origin) url.searchParams.set("parent_origin", origin);
    url.searchParams.set("allow_decline", flag(this.allowDecline));
    url.searchParams.set("allow_close", flag(this.allowClose));
    url.searchParams.set("show_header", flag(this.showHeader));
    url.searchParams.set("allow_download", flag(this.allowDownload));
    return url.href;
  };

  // Shows the widget; returns it. Opening an open widget does nothing.
  SignWellEmbed.prototype.open = function () {
    if (this.container) return this;
    var host = document.body;
    if (this.containerId) {
      host = document.getElementById(this.containerId);
      if (!host) throw new Error('SignWellEmbed: there is no element with the id "' + this.containerId + '"');
    }
    var container = document.createElement("div");
    container.id = CONTAINER_ID;
    var iframe = document.createElement("iframe");
    iframe.id = IFRAME_ID;
    iframe.title = "Sign the document";
    iframe.src = this.frameURL();
    iframe.style.border = "0";
    iframe.style.display = "block";
    iframe.style.width = "100%";
    iframe.style.height = "100%";
    iframe.style.background = "#fff";
    if (this.containerId) {
      container.style.width = "100%";
      container.style.height = "100%";
    } else {
      container.setAttribute("role", "dialog");
      container.setAttribute("aria-modal", "true");
      container.setAttribute("aria-label", "Sign the document");
      container.style.position = "fixed";
      container.style.inset = "0";
      container.style.zIndex = "2147483000";
      container.style.padding = "min(2vw, 24px)";
      container.style.background = "rgba(17, 24, 39, 0.6)";
      iframe.style.maxWidth = "1100px";
      iframe.style.margin = "0 auto";
      iframe.style.borderRadius = "8px";
      iframe.style.boxShadow = "0 10px 40px rgba(0, 0, 0, 0.35)";
      this.restoreOverflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = "hidden";
    }
    container.appendChild(iframe);
    host.appendChild(container);
    this.container = container;
    this.iframe = iframe;
    window.addEventListener("message", this.receive);
    iframe.focus();
    return this;
  };

  // Tells the signing page to stop, removes the widget and fires `closed`.
  SignWellEmbed.prototype.close = function () {
    if (!this.container) return;
    if (this.iframe.contentWindow) {
      this.iframe.contentWindow.postMessage({ source: "signwell-embed", command: "close" }, this.url.origin);
    }
    this.remove();
    this.emit("closed", {});
  };

  // Takes the widget off the page.
  SignWellEmbed.prototype.remove = function () {
    window.removeEventListener("message", this.receive);
    if (this.container && this.container.parentNode) this.container.parentNode.removeChild(this.container);
    if (this.restoreOverflow !== null) {
      document.documentElement.style.overflow = this.restoreOverflow;
      this.restoreOverflow = null;
    }
    this.container = null;
    this.iframe = null;
  };

  // Calls the handlers of `event`; one failing handler does not stop the others.
  SignWellEmbed.prototype.emit = function (event, data) {
    var handlers = [];
    if (typeof this.events[event] === "function") handlers.push(this.events[event]);
    handlers = handlers.concat(this.listeners[event] || []);
    for (var i = 0; i < handlers.length; i++) {
      try {
        handlers[i].call(this, data);
      } catch (error) {
        if (window.console) window.console.error("SignWellEmbed: a " + event + " handler failed", error);
      }
    }
  };

  // A message from the signing page: only from the widget's own iframe, from the signing
  // server's origin, and in the widget's format.
  SignWellEmbed.prototype.receive = function (message) {
    if (!this.iframe || message.source !== this.iframe.contentWindow || message.origin !== this.url.origin) return;
    var payload = message.data;
    if (!payload || payload.source !== "signwell-embed" || payload.version !== 1 || EVENTS.indexOf(payload.event) < 0) return;
    var data = payload.data && typeof payload.data === "object" ? payload.data : {};
    if (payload.event === "closed") {
      this.remove();
      this.emit("closed", data);
      return;
    }
    this.emit(payload.event, data);
    if (payload.event === "completed" && this.redirectUrl) window.location.assign(this.redirectUrl);
    if (payload.event === "declined" && this.declineRedirectUrl) window.location.assign(this.declineRedirectUrl);
  };

  window.SignWellEmbed = SignWellEmbed;
})();