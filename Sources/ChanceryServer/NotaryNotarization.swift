import Notary
import NotaryProof
import Signing

/// Signing's ``Signing/Notarizing`` through the Notary capability: a sealed PDF becomes a QED
/// report of its owner, with an RFC 3161 token over the PDF's SHA-256.
public struct NotaryNotarization: Notarizing {
    /// The Notary that records the PDFs.
    public let notary: NotaryCapability

    /// Notarizes through `notary`.
    public init(notary: NotaryCapability) {
        self.notary = notary
    }

    public func notarize(sha256: String, name: String, fileName: String, ownerID: String) async throws -> NotarizationReceipt {
        let file = try await notary.notarize(fileSHA256: sha256, fileName: fileName, name: name, ownerID: ownerID)
        return NotarizationReceipt(reportID: file.reportID, sha256: sha256, verifyPath: file.verifyPath, timeStampPath: file.timeStampPath)
    }
}
