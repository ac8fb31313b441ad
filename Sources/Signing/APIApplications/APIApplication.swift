import Foundation

/// An API application: a named set of settings that documents, templates, bulk sends and hooks
/// can belong to. Its branding colours the signing page of its documents, and a hook made for
/// it hears only about its documents.
///
/// SignWell makes applications in its dashboard; Chancery makes them through
/// `POST /api_applications` (see ``APIApplicationRoutes``).
public struct APIApplication: Codable, Sendable, Equatable {
    /// The application's id (a UUID, lowercase).
    public var id: String
    /// The user who made it; only they see and use it.
    public var ownerID: String
    /// Its name.
    public var name: String
    /// Its OAuth callback URLs, kept and shown as given: Chancery has no OAuth sign-in, so
    /// they are never called.
    public var callbackURLs: [String]
    /// How its documents' signing page looks.
    public var branding: SigningBranding
    /// When it was made.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
}

extension APIApplication: JSONBodyRecord {
    /// The applications' table.
    static var tableName: String { "signing_api_applications" }
}
