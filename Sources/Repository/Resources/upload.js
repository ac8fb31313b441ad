// Sends the files chosen in #upload-form to the console, one request per file with the file's
// bytes as the body (its name in X-File-Name, the session's form token in X-Form-Token), and
// shows the progress of all of them together. When every file is in, the page reloads (a
// folder's listing, data-then="reload") or opens what the last answer names (data-then="location").
"use strict";

(function () {
  const form = document.getElementById("upload-form");
  if (!form) {
    return;
  }
  const input = document.getElementById("upload-files");
  const button = document.getElementById("upload-start");
  const progress = document.getElementById("upload-progress");
  const status = document.getElementById("upload-status");

  // The reason an answer that is not 201 gives: the error page's message, or its status.
  function reasonOf(request) {
    const page = new DOMParser().parseFromString(request.responseText || "", "text/html");
    const message = page.getElementById("error-message");
    return message ? message.textContent.trim() : `the server answered ${request.status}`;
  }

  // Sends `file`; calls `onProgress` with the bytes sent so far; resolves with the Location.
  function send(file, onProgress) {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open("POST", form.dataset.action);
      request.setRequestHeader("X-Form-Token", form.dataset.formToken);
      request.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
      request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
      request.upload.addEventListener("progress", (event) => onProgress(event.loaded));
      request.addEventListener("load", () => {
        if (request.status === 201) {
          resolve(request.getResponseHeader("Location"));
        } else {
          reject(new Error(reasonOf(request)));
        }
      });
      request.addEventListener("error", () => reject(new Error("the connection failed")));
      request.send(file);
    });
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const files = Array.from(input.files);
    if (files.length === 0) {
      return;
    }
    const total = Math.max(1, files.reduce((sum, file) => sum + file.size, 0));
    let sent = 0;
    let location = null;
    button.disabled = true;
    progress.hidden = false;
    progress.value = 0;
    try {
      for (const [index, file] of files.entries()) {
        status.textContent = `Sending ${file.name} (${index + 1} of ${files.length})…`;
        location = await send(file, (loaded) => {
          progress.value = Math.min(1, (sent + loaded) / total);
        });
        sent += file.size;
        progress.value = sent / total;
      }
      status.textContent = files.length === 1 ? `Sent ${files[0].name}.` : `Sent ${files.length} files.`;
      window.location.assign(form.dataset.then === "location" && location ? location : window.location.href);
    } catch (error) {
      status.textContent = `The upload stopped: ${error.message}`;
      button.disabled = false;
    }
  });
})();
