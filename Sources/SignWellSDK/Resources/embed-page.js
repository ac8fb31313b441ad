// The script of SignWellEmbed's page: opens the signing widget with the options the page
// carries (the JSON of #signwell-embed-settings) and posts each of the widget's outcomes to the
// app's script message handler, when the web view has one.
(function () {
  "use strict";
  var settings = JSON.parse(document.getElementById("signwell-embed-settings").textContent);

  function post(message) {
    var handlers = window.webkit && window.webkit.messageHandlers;
    if (handlers && handlers[settings.handler]) {
      handlers[settings.handler].postMessage(message);
    }
  }

  var options = settings.widget;
  options.events = {};
  Object.keys(settings.messages).forEach(function (event) {
    options.events[event] = function () {
      post(settings.messages[event]);
    };
  });
  new SignWellEmbed(options).open();
})();
