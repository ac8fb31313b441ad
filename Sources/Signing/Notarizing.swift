/// What Signing needs of a notary: to notarize a sealed PDF. The server passes the Notary
/// capability in; Signing does not import it.
public protocol Notarizing: Sendable {
    /// Records `sha256` (hex) for the user `ownerID`, naming the document `name`.
    func notarize(sha256: String, name: String, fileName: String, ownerID: String) async throws -> NotarizationReceipt
}
