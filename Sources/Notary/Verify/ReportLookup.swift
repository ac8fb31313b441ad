import Hummingbird

/// The answer of `GET /verify/lookup?hash=…`: the reports of a SHA-256 hash, oldest first,
/// with only what the log publishes of each.
///
/// ```json
/// {"hash": "…", "reports": [{"slug": "…", "url": "/verify/…", "log_index": 7, "logged_at": "…"}], "truncated": false}
/// ```
struct ReportLookup: ResponseEncodable {
    /// One report of the hash.
    struct Match: Encodable {
        let slug: String
        /// The report's verify page, relative to the server.
        let url: String
        /// The report's position in the log.
        let logIndex: Int
        /// When the first checkpoint that includes the report was signed, ISO 8601 UTC.
        let loggedAt: String

        enum CodingKeys: String, CodingKey {
            case slug, url
            case logIndex = "log_index"
            case loggedAt = "logged_at"
        }
    }

    /// The most reports one answer lists.
    static let limit = 100

    /// The hash looked up, as lowercase hex.
    let hash: String
    /// The first ``limit`` reports of the hash, oldest first.
    let reports: [Match]
    /// Whether the hash has more reports than ``reports`` lists.
    let truncated: Bool

    /// The answer for `hash`, given up to ``limit`` + 1 of its reports, oldest first.
    init(hash: String, reports: [StoredReport]) {
        self.hash = hash
        self.reports = reports.prefix(Self.limit).map { report in
            Match(
                slug: report.slug, url: "/verify/\(report.slug)", logIndex: report.logIndex, loggedAt: report.checkpointTime.iso8601WithMilliseconds)
        }
        self.truncated = reports.count > Self.limit
    }
}
