import Foundation
import NotaryProof

extension QEDFile {
    /// Checks, with no server involved, that this file is the one its proof bundle proves.
    ///
    /// The file at ``fileURL`` is hashed anew (in 1 MiB chunks; the stored ``hash`` is not
    /// trusted) and checked against the bundle that
    /// ``QEDAPI/downloadProofBundle(for:completion:)`` downloaded: the digest is in the logged
    /// entry, the entry is in a checkpoint the log key signed, the metadata opens the entry's
    /// commitment, and the RFC 3161 token covers the digest.
    ///
    /// Trust comes only from the two anchors passed in, never from the copies inside the
    /// bundle. Obtain them once, out of band, from the server's operator (they are published at
    /// `/.well-known/chancery/log.vkey` and `/.well-known/chancery/tsa-root.pem`), and ship them
    /// with the app.
    ///
    /// - Parameters:
    ///   - bundle: The proof bundle, a ZIP archive.
    ///   - pinnedLogKey: The log's verifier key in C2SP note form, `name+keyid+base64key`.
    ///   - pinnedTSARoot: The time-stamp authority's root certificate in PEM.
    /// - Returns: Every check and its outcome; the file is proven if
    ///   ``QEDVerification/isVerified``.
    /// - Throws: The error reading the file at ``fileURL``.
    public func verify(bundle: Data, pinnedLogKey: String, pinnedTSARoot: String) async throws -> QEDVerification {
        let digest = Array(try FileDigest.sha256(of: fileURL))
        let verifier = BundleVerifier(
            pinnedLogKey: pinnedLogKey.trimmingCharacters(in: .whitespacesAndNewlines), pinnedTSARoot: pinnedTSARoot
        )
        let checks = await verifier.verify(fileDigest: digest, archive: Array(bundle))
        return QEDVerification(checks: checks.map { QEDVerification.Check(name: $0.name, passed: $0.passed, detail: $0.detail) })
    }
}
