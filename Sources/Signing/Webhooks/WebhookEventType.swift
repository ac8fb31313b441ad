/// The events SignWell announces to webhooks, with their wire names.
public enum WebhookEventType: String, Codable, Sendable, CaseIterable {
    case documentCreated = "document_created"
    case documentSent = "document_sent"
    case documentViewed = "document_viewed"
    case documentInProgress = "document_in_progress"
    case documentRecipientsUpdated = "document_recipients_updated"
    case documentSigned = "document_signed"
    case documentCompleted = "document_completed"
    case documentExpired = "document_expired"
    case documentCanceled = "document_canceled"
    case documentDeclined = "document_declined"
    case documentBounced = "document_bounced"
    case documentError = "document_error"
    case templateCreated = "template_created"
    case templateError = "template_error"
}
