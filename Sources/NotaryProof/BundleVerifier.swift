import Crypto
import Foundation
import SwiftASN1
import TimeStamping
import TransparencyLog
import X509

/// Checks a file against its proof bundle offline, with no server involved: the file's hash
/// is in the logged entry, the entry is in a checkpoint the log key signed, the private
/// metadata opens the entry's commitment, and the RFC 3161 token covers the file.
///
/// Trust comes from the anchors the caller pins. Without pinned anchors the bundle's own are
/// used, which proves consistency but not origin, and the result says so.
public struct BundleVerifier: Sendable {
    /// One check and its outcome.
    public struct Check: Sendable, Equatable {
        /// What was checked.
        public let name: String
        /// Whether it held.
        public let passed: Bool
        /// Details for the person reading the result.
        public let detail: String
    }

    /// The verifier key of the log, in C2SP text form; `nil` uses the bundle's `log.vkey`.
    public let pinnedLogKey: String?
    /// The TSA root certificate in PEM; `nil` uses the bundle's `tsa-root.pem`.
    public let pinnedTSARoot: String?

    /// Creates a verifier with the trust anchors to pin.
    public init(pinnedLogKey: String? = nil, pinnedTSARoot: String? = nil) {
        self.pinnedLogKey = pinnedLogKey
        self.pinnedTSARoot = pinnedTSARoot
    }

    /// Verifies the file whose SHA-256 is `fileDigest` against the bundle `archive`.
    ///
    /// - Returns: Every check made, in order; the file is proven only if all passed.
    public func verify(fileDigest: [UInt8], archive: [UInt8]) async -> [Check] {
        var checks: [Check] = []
        func record(_ name: String, _ passed: Bool, _ detail: String) { checks.append(Check(name: name, passed: passed, detail: detail)) }

        let files: [String: [UInt8]]
        do {
            files = try StoredZip.files(in: archive)
        } catch {
            record("bundle", false, "not a readable proof bundle: \(error)")
            return checks
        }
        func text(_ name: String) -> String? { files[name].map { String(decoding: $0, as: UTF8.self) } }
        guard let proofName = files.keys.first(where: { $0.hasSuffix(".tlog-proof") }),
            let proof = try? TLogProof(parsing: text(proofName) ?? ""), let entryBytes = proof.extra,
            let entry = try? NotaryEntry(parsing: entryBytes)
        else {
            record("bundle", false, "the bundle has no readable .tlog-proof with its entry")
            return checks
        }

        let digestHex = Hex.encode(fileDigest)
        record(
            "file", entry.reportHash == digestHex || entry.digests.contains(digestHex),
            "SHA-256 \(digestHex) \(entry.reportHash == digestHex || entry.digests.contains(digestHex) ? "is" : "is not") in entry \(entry.slug)")

        let logKey = pinnedLogKey ?? text("log.vkey")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        do {
            let verifier = try Ed25519NoteVerifier(parsing: logKey)
            let checkpoint = try proof.verify(leaf: .leaf(entryBytes), origin: verifier.keyName, verifiers: [verifier])
            record("log", true, "entry \(proof.index) is in checkpoint \(checkpoint.size) of \(checkpoint.origin), signed by \(verifier.keyName)")
        } catch {
            record("log", false, "the log proof does not verify: \(error)")
        }

        if let metaBytes = files["meta.json"],
            let meta = try? JSONSerialization.jsonObject(with: Data(metaBytes)) as? [String: Any],
            let metadata = Data(base64Encoded: meta["metadata"] as? String ?? ""), let salt = Data(base64Encoded: meta["salt"] as? String ?? "")
        {
            let opens = MetadataCommitment.commitment(of: Array(metadata), salt: Array(salt)) == entry.metadataCommitment
            record("metadata", opens, opens ? "meta.json opens the entry's commitment" : "meta.json does not match the entry's commitment")
        } else {
            record("metadata", false, "the bundle has no readable meta.json")
        }

        if let replyName = files.keys.first(where: { $0.hasSuffix(".tsr") }), let reply = files[replyName] {
            do {
                let root = try Certificate(pemEncoded: pinnedTSARoot ?? text("tsa-root.pem") ?? "")
                let info = try await TimeStampVerifier(trustedRoot: root).verify(responseDER: reply, dataDigest: fileDigest)
                record("time", true, "RFC 3161 token over the file's SHA-256, serial \(Hex.encode(info.serialNumber))")
            } catch {
                record("time", false, "the RFC 3161 token does not verify: \(error)")
            }
        } else {
            record("time", false, "the bundle has no RFC 3161 token")
        }

        if pinnedLogKey == nil || pinnedTSARoot == nil {
            checks.append(
                Check(
                    name: "trust", passed: true,
                    detail: "warning: trust anchors were taken from the bundle itself; pin them with --log-key and --tsa-root to prove origin"
                ))
        }
        return checks
    }
}
