extension SignWellClient {
    /// Registers `callbackURL` to be called with a ``WebhookEvent`` whenever something happens
    /// to a document.
    ///
    /// `POST /hooks`. Keep the answer's ``Webhook/secret``: it is given only here, and it is
    /// the key of the `Webhook-Signature` header of every call.
    public func createWebhook(callbackURL: String, apiApplicationID: String? = nil) async throws -> Webhook {
        try await json("POST", ["hooks"], body: WebhookBody(callbackURL: callbackURL, apiApplicationID: apiApplicationID))
    }

    /// Every registered webhook.
    ///
    /// `GET /hooks`.
    public func webhooks() async throws -> [Webhook] {
        try await json("GET", ["hooks"])
    }

    /// Unregisters the webhook `id`.
    ///
    /// `DELETE /hooks/{id}`.
    public func deleteWebhook(_ id: String) async throws {
        _ = try await send("DELETE", ["hooks", id])
    }
}

/// The body of a webhook registration.
private struct WebhookBody: Encodable {
    /// The URL to call.
    let callbackURL: String
    /// The API application whose documents it reports.
    let apiApplicationID: String?

    private enum CodingKeys: String, CodingKey {
        case callbackURL = "callback_url"
        case apiApplicationID = "api_application_id"
    }
}
