/// What a capability needs of a notary: to notarize a file by its SHA-256 (Signing its sealed
/// PDFs, the Repository its documents' files). The server passes the Notary capability in; the
/// capabilities do not import it.
public protocol Notarizing: Sendable {
    /// Records `sha256` (hex) for the user `ownerID`, naming the document `name`.
    func notarize(sha256: String, name: String, fileName: String, ownerID: String) async throws -> NotarizationReceipt
}
