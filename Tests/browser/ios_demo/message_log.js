// Records every message the demo's page receives (its origin and data), before any script of the
// page runs, so the test can check what the signing page told a parent without a web origin.
(function () {
  "use strict";
  if (window !== window.top) return;
  var log = [];
  window.addEventListener("message", function (message) {
    var data = null;
    try {
      data = JSON.parse(JSON.stringify(message.data));
    } catch (error) {
      data = String(message.data);
    }
    log.push({ origin: message.origin, data: data });
  });
  Object.defineProperty(window, "__receivedMessages", { get: function () { return log.slice(); } });
})();
