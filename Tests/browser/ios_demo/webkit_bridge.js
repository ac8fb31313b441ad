// Stands in for WKWebView's script message bridge in Chromium. The iOS demo registers a handler
// with `userContentController.add(self, name: "jsMessageHandler")`; WebKit then gives the main
// frame `window.webkit.messageHandlers.jsMessageHandler.postMessage(body)`, which hands `body` to
// `userContentController(_:didReceive:)`. Here that native side is `window.__nativeMessages`,
// which the test reads. The test injects this before any script of the page runs, into the main
// frame only, as WebKit does for a handler.
(function () {
  "use strict";
  if (window !== window.top) return;
  var received = [];
  function handler(name) {
    return Object.freeze({
      postMessage: function (body) {
        // WebKit copies the body across the bridge; a copy made here keeps later changes out.
        received.push({ name: name, body: body === undefined ? null : JSON.parse(JSON.stringify(body)) });
      },
    });
  }
  Object.defineProperty(window, "__nativeMessages", { get: function () { return received.slice(); } });
  window.webkit = Object.freeze({ messageHandlers: Object.freeze({ jsMessageHandler: handler("jsMessageHandler") }) });
})();
