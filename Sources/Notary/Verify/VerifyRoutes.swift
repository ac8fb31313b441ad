import HTTPSupport
import Hummingbird
import NotaryProof
import Storage
import TransparencyLog

/// The public verify pages: anyone with a report's link, or with a file, can see what the
/// transparency log says about it and check the proof in their own browser. No credentials
/// are needed; like the log's read API, these routes show only what the log already publishes
/// (``PublicReport``). The lookup by hash reveals nothing new either: every log entry carries
/// its report's hash and slug.
///
/// - `GET /verify`: choose or drop a file; the browser hashes it and looks the hash up. The
///   file is never uploaded.
/// - `GET /verify/lookup?hash=<64 hex>`: the reports of a SHA-256 hash, oldest first, as
///   ``ReportLookup`` JSON; 400 unless the hash is 64 hex digits.
/// - `GET /verify/{slug}`: a report's page (the QED resource's `tx.explorer_url`), with an
///   in-browser proof check; a 404 page when there is no such report.
/// - `GET /verify/{slug}.json`: the same facts and the report's `tlog-proof` as JSON.
/// - `GET /verify/assets/{name}`: the pages' stylesheet and scripts (``VerifyAsset``).
public struct VerifyRoutes: Sendable {
    private let reports: ReportStore
    private let proofs: ReportProofs
    private let logVerifier: Ed25519NoteVerifier

    /// Creates the routes.
    ///
    /// - Parameter logVerifier: The key that verifies the log's checkpoints, which the pages
    ///   check the proofs with.
    public init(database: Database, logVerifier: Ed25519NoteVerifier) {
        self.reports = ReportStore(database: database)
        self.proofs = ReportProofs(reports: reports, log: LogStore(database: database))
        self.logVerifier = logVerifier
    }

    /// Adds the routes to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.get("verify") { _, _ in
            VerifyResponse.page(LookupPage.html)
        }
        router.get("verify/lookup") { request, _ in
            let hash = (request.uri.queryParameters.get("hash") ?? "").lowercased()
            guard hash.utf8.count == 64, NotaryEntry.isHex(hash, maxBytes: 32) else {
                throw APIError(.badRequest, "hash must be a SHA-256 digest: 64 hex digits", fieldErrors: ["hash": ["Expected 64 hex digits."]])
            }
            let found = try await reports.reports(hash: hash, limit: ReportLookup.limit + 1)
            return VerifyResponse.json(ReportLookup(hash: hash, reports: found))
        }
        router.add(VerifyAsset.all)
        router.get("verify/{slug}.json") { _, context in
            guard let report = try await publicReport(slug: context.parameters.require("slug")) else {
                throw APIError(.notFound, "No report has this identifier.")
            }
            return VerifyResponse.json(report)
        }
        router.get("verify/:slug") { _, context in
            guard let report = try await publicReport(slug: context.parameters.require("slug")) else {
                return VerifyResponse.page(MissingReportPage.html, status: .notFound)
            }
            return VerifyResponse.page(ReportPage.html(for: report))
        }
    }

    /// The public facts and proof of the report with `slug`, or `nil` when there is none.
    private func publicReport(slug: String) async throws -> PublicReport? {
        guard let report = try await reports.report(slug: slug), let proof = try await proofs.proof(for: report) else { return nil }
        return try PublicReport(report, proof: proof, logKey: logVerifier)
    }
}
