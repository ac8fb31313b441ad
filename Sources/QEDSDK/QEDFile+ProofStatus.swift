extension QEDFile {
    /// Where a file's report stands.
    ///
    /// Chancery answers a report only once it is in the transparency log under a signed
    /// checkpoint, with its RFC 3161 token, so a report the server accepted is `confirmed`
    /// straight away; `pending` and `failed` exist for QED compatibility.
    public enum ProofStatus: Int, Codable, Sendable, CaseIterable {
        /// The file has not been reported yet.
        case undefined
        /// The server has accepted the report but has not proven it yet.
        case pending
        /// The report is proven: logged under a signed checkpoint and time-stamped.
        case confirmed
        /// The server accepted the report but could not prove it.
        case failed

        /// The status named by the API's `status` text; ``undefined`` for any other text.
        ///
        /// - Parameter apiStatus: `pending`, `confirmed` or `failed`.
        public init(fromAPIString apiStatus: String) {
            self = Self.allCases.first { $0.string == apiStatus } ?? .undefined
        }

        /// The status as the API writes it: `undefined`, `pending`, `confirmed` or `failed`.
        public var string: String {
            switch self {
            case .undefined: "undefined"
            case .pending: "pending"
            case .confirmed: "confirmed"
            case .failed: "failed"
            }
        }
    }
}
