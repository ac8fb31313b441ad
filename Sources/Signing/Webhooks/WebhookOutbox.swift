/// Queues webhook deliveries for document events.
struct WebhookOutbox: Sendable {
    /// Queues `type` for every hook of the document's owner.
    func announce(_ type: WebhookEventType, document: SigningDocument, relatedSigner: DocumentRecipient? = nil) async {}
}
