// What the signing page was asked to do: whose session it shows (the page's path ends with the
// recipient's token, and the session's endpoints live below it) and the options embedded.js
// passes as query parameters.

// A query flag: "1" or "true" is on, "0" or "false" is off, anything else is the default.
function flag(parameters, name, fallback) {
  const value = parameters.get(name);
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  return fallback;
}

// The page's options, read from `location`.
export function readPageOptions(location) {
  const parameters = new URLSearchParams(location.search);
  const embedded = parameters.get("signwell_embedded_iframe") === "1";
  return {
    sessionPath: location.pathname.replace(/\/+$/, ""),
    embedded,
    parentOrigin: parameters.get("parent_origin"),
    allowDecline: flag(parameters, "allow_decline", true),
    showHeader: flag(parameters, "show_header", true),
    allowDownload: flag(parameters, "allow_download", true),
    // Only a widget can be closed: a page of its own has nothing to close into.
    allowClose: embedded && flag(parameters, "allow_close", true),
  };
}