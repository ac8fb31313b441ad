import Accounts
import Foundation
import Signing
import Storage

/// A key of the server that rotates without downtime, in two steps: prepare a new key, then
/// make it current (see ``KeyRotationStep``).
public enum RotatingServerKey: String, CaseIterable, Sendable {
    /// The key that signs OAuth2 access tokens (`oauth2-signing.pem`).
    case oauth2Token = "oauth2-token"
    /// The key of recipients' signing links, unlock proofs and completed-file links (`signing/link.key`).
    case signingLinks = "signing-links"

    /// Takes the next step of the key's rotation among the key files of the instance whose
    /// data directory is `dataDirectory`.
    ///
    /// - Throws: ``KeyFileError`` when a key file cannot be read or written.
    public func rotate(inDataDirectory dataDirectory: String) throws -> KeyRotationStep {
        let keysDirectory = ServerConfiguration.keysDirectory(in: dataDirectory)
        switch self {
        case .oauth2Token: return try JSONWebTokenKey.rotate(in: keysDirectory)
        case .signingLinks: return try SigningLinks.rotateKey(in: keysDirectory)
        }
    }
}
