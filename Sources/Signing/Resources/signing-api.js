// The JSON endpoints of one recipient's signing session, below the page's own path
// (`/signwell/sign/{token}/session`, `…/complete`, `…/decline`): the token is the credential.
// For a recipient with a passcode, `…/unlock` answers a proof of it, which every later request
// carries in the `X-Signing-Unlock` header. The proof lives in this object only, never in
// storage: reloading the page asks for the passcode again.

// A request the server refused or could not answer: its HTTP status (0 when the server was
// not reached), a message for the signer, and, for 422, the messages of each field by id.
export class SigningRequestError extends Error {
  constructor(status, message, fieldErrors = {}) {
    super(message);
    this.name = "SigningRequestError";
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

// The messages of one entry of a SignWell `errors` object: a string, a list, or an object.
function messages(value) {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(messages);
  if (value && typeof value === "object") return Object.values(value).flatMap(messages);
  return [];
}

// The error of a failed response, from a SignWell error body when there is one.
async function failure(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status says enough.
  }
  if (body?.errors && typeof body.errors === "object") {
    const fieldErrors = Object.fromEntries(Object.entries(body.errors).map(([key, value]) => [key, messages(value)]));
    return new SigningRequestError(response.status, "Some fields need your attention.", fieldErrors);
  }
  const message = body?.message ?? body?.meta?.message ?? body?.error;
  return new SigningRequestError(response.status, typeof message === "string" && message ? message : `The server answered ${response.status}.`);
}

export class SigningSession {
  // `path` is the signing page's path, `/signwell/sign/{token}`.
  constructor(path) {
    this.base = path;
    this.unlockProof = null;
  }

  // The session: the document, the recipient, their state, pages and fields; or, until the
  // recipient has entered their passcode, only {state: "locked", document_name, recipient_name}.
  load() {
    return this.request("GET", "session");
  }

  // Checks `passcode` and keeps the proof the server answers for the requests that follow.
  async unlock(passcode) {
    const { unlock } = await this.request("POST", "unlock", { passcode });
    this.unlockProof = unlock;
  }

  // The headers that show the passcode was entered: none before, or for a recipient without one.
  proofHeaders() {
    return this.unlockProof ? { "X-Signing-Unlock": this.unlockProof } : {};
  }

  // The PDF at `url` (the session's `document_url`), as a Blob.
  async documentBlob(url) {
    const response = await this.send(url, { method: "GET", headers: this.proofHeaders(), cache: "no-store", credentials: "omit" });
    return response.blob();
  }

  // Signs with `submission` ({values, signature, initials?}); answers {state, redirect_url}.
  complete(submission) {
    return this.request("POST", "complete", submission);
  }

  // Declines with `reason`; answers {state, redirect_url}.
  decline(reason) {
    return this.request("POST", "decline", { reason });
  }

  async request(method, path, body) {
    const init = { method, headers: { Accept: "application/json", ...this.proofHeaders() }, cache: "no-store", credentials: "omit" };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await this.send(`${this.base}/${path}`, init);
    return response.json();
  }

  // The successful response to `fetch(url, init)`; a SigningRequestError otherwise.
  async send(url, init) {
    let response;
    try {
      response = await fetch(url, init);
    } catch {
      throw new SigningRequestError(0, "The server could not be reached. Check your connection and try again.");
    }
    if (!response.ok) throw await failure(response);
    return response;
  }
}