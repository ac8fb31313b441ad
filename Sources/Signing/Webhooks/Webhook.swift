import Foundation

/// A user's subscription to document events: the URL the server POSTs them to.
///
/// A hook hears the events of every document its owner creates, or, when it names an API
/// application, only of the documents created with that `api_application_id`. Chancery keeps
/// no table of API applications: the id is matched as the client wrote it.
struct Webhook: Sendable, Equatable {
    /// The hook's id (a lowercase UUID); also the key of SignWell's `event.hash`.
    let id: String
    /// The user who created it.
    let ownerID: String
    /// Where events are POSTed.
    let callbackURL: String
    /// The API application whose documents alone the hook hears, if any.
    let apiApplicationID: String?
    /// When it was created.
    let createdAt: Date
}
