extension SigningAsset {
    /// `signing-api.js`: calls the session's JSON endpoints and turns SignWell error bodies into
    /// messages.
    static let signingAPIScript = script("signing-api.js", #"""
        // The JSON endpoints of one recipient's signing session, below the page's own path
        // (`/signwell/sign/{token}/session`, `…/complete`, `…/decline`): the token is the credential.

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
          }

          // The session: the document, the recipient, their state, pages and fields.
          load() {
            return this.request("GET", "session");
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
            const init = { method, headers: { Accept: "application/json" }, cache: "no-store", credentials: "omit" };
            if (body !== undefined) {
              init.headers["Content-Type"] = "application/json";
              init.body = JSON.stringify(body);
            }
            let response;
            try {
              response = await fetch(`${this.base}/${path}`, init);
            } catch {
              throw new SigningRequestError(0, "The server could not be reached. Check your connection and try again.");
            }
            if (!response.ok) throw await failure(response);
            return response.json();
          }
        }
        """#)
}
