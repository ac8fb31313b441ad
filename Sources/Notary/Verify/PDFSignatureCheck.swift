import Hummingbird
import PDFSigning

/// The answer of `POST /verify/pdf`: every signature of the PDF with each check's outcome.
///
/// ```json
/// {"valid": true, "signatures": [{"field": "Signature1", "sub_filter": "ETSI.CAdES.detached",
///   "signer": "CN=Jane Roe", "covers_whole_file": true, "covers_revision": true,
///   "checks": {"byte_range": null, "digest": null, "signature": null, "chain": "…", "time_stamp": null},
///   "valid": false}]}
/// ```
///
/// A check is `null` when it passed, else the reason it failed.
struct PDFSignatureCheck: ResponseEncodable {
    /// One signature.
    struct Signature: Encodable {
        /// The outcome of each check: `nil` when it passed, else why it failed.
        struct Checks: Encodable {
            let byteRange: String?
            let digest: String?
            let signature: String?
            let chain: String?
            let timeStamp: String?

            enum CodingKeys: String, CodingKey {
                case byteRange = "byte_range"
                case digest, signature, chain
                case timeStamp = "time_stamp"
            }

            /// Writes every check, a passed one as `null`.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(byteRange, forKey: .byteRange)
                try container.encode(digest, forKey: .digest)
                try container.encode(signature, forKey: .signature)
                try container.encode(chain, forKey: .chain)
                try container.encode(timeStamp, forKey: .timeStamp)
            }
        }

        let field: String
        let subFilter: String?
        let signer: String?
        let coversWholeFile: Bool
        let coversRevision: Bool
        let checks: Checks
        let valid: Bool

        enum CodingKeys: String, CodingKey {
            case field, signer, checks, valid
            case subFilter = "sub_filter"
            case coversWholeFile = "covers_whole_file"
            case coversRevision = "covers_revision"
        }
    }

    /// Whether the file has signatures, each of them holds, and the newest covers the file.
    let valid: Bool
    /// The signatures, in form order.
    let signatures: [Signature]

    /// The answer for `reports`.
    init(reports: [PDFSignatureReport]) {
        signatures = reports.map { report in
            let missing = "the CMS in /Contents cannot be read"
            let timeStamp = report.cms?.timeStamp.flatMap { stamp in
                stamp.imprintMatches ? stamp.verification.problem : "the time-stamp is not over this signature"
            }
            return Signature(
                field: report.fieldName,
                subFilter: report.subFilter,
                signer: report.signer,
                coversWholeFile: report.coversWholeFile,
                coversRevision: report.coversRevision,
                checks: Signature.Checks(
                    byteRange: report.problems.first,
                    digest: report.cms.map { $0.digest.problem } ?? missing,
                    signature: report.cms.map { $0.signature.problem } ?? missing,
                    chain: report.cms.map { $0.chain.problem } ?? missing,
                    timeStamp: timeStamp
                ),
                valid: report.isValid
            )
        }
        valid = !reports.isEmpty && reports.allSatisfy(\.isValid) && reports.contains(where: \.coversWholeFile)
    }
}
