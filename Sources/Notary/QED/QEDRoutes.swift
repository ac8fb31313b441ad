import Accounts
import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON
import Logging
import NIOCore
import NotaryProof
import Storage
import SwiftASN1
import TimeStamping
import TransparencyLog
import X509

/// The QED-compatible REST API under `/qed/v1`: notarize a report, read it back, find the
/// reports of a hash. Clients authenticate as QED's do, with `Authorization: app-token KEY`
/// (the other Chancery schemes work too).
///
/// A report is answered only once its log entry is durable and covered by a signed
/// checkpoint, so its status is `confirmed` from the first response; a client that sends
/// `Prefer: respond-async` is answered `202` with status `pending` as soon as the report is
/// durably accepted, and reads it back until it is `confirmed`. `PUT reports/{slug}/`
/// with a report's body revises the caller's report: a new log entry under the same slug,
/// which the report shows from then on (earlier entries stay in the log). Reports are visible
/// to the user who submitted them and to administrators.
///
/// Each report also has artefacts for offline verification: `…/{slug}/proof` (a
/// `c2sp.org/tlog-proof@v1` file whose `extra` line is the exact entry) and `…/{slug}/tsr` (an
/// RFC 3161 reply whose imprint is the report's hash, for hashes that are SHA-256 digests), and
/// `…/{slug}/bundle`, a ZIP of both with the private metadata, the trust anchors and
/// instructions.
public struct QEDRoutes: Sendable {
    /// The mount point and the error format of this API, for ``HTTPSupport/ErrorMiddleware``.
    public static let errorFormat: (prefix: String, format: any ErrorFormat) = ("/qed/v1", QEDErrorFormat())

    private let accounts: AccountStore
    private let sequencer: Sequencer
    private let reports: ReportStore
    private let proofs: ReportProofs
    private let logVerifier: Ed25519NoteVerifier
    /// The log key's ID as reports show it (`tx.network_id`).
    private let logKeyID: String
    private let timeStamps: TimeStampAuthority
    private let tsaRootPEM: String
    private let notarizer: ReportNotarizer
    private let pending: PendingReportStore

    /// Creates the routes.
    ///
    /// - Parameters:
    ///   - logVerifier: The key that verifies the log's checkpoints, published in bundles.
    ///   - timeStamps: Issues each report's RFC 3161 token.
    ///   - tsaRootPEM: The root that verifies those tokens, published in bundles.
    public init(
        accounts: AccountStore, sequencer: Sequencer, database: Database,
        logVerifier: Ed25519NoteVerifier, timeStamps: TimeStampAuthority, tsaRootPEM: String
    ) {
        self.accounts = accounts
        self.sequencer = sequencer
        self.reports = ReportStore(database: database)
        self.proofs = ReportProofs(reports: reports, log: LogStore(database: database))
        self.logVerifier = logVerifier
        self.logKeyID = NoteKey.hex(logVerifier.keyID)
        self.timeStamps = timeStamps
        self.tsaRootPEM = tsaRootPEM
        self.notarizer = ReportNotarizer(sequencer: sequencer, timeStamps: timeStamps)
        self.pending = PendingReportStore(database: database)
    }

    /// Adds the routes to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        let api = router.group("qed/v1")
            .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
        api.post("reports") { request, context in
            try await submit(request, context: context)
        }
        api.get("reports") { request, context in
            let principal = try context.requirePrincipal()
            guard let hash = request.uri.queryParameters.get("hash")?.lowercased() else {
                throw APIError(.badRequest, "hash is required", fieldErrors: ["hash": ["This query parameter is required."]])
            }
            let found = try await reports.reports(hash: hash, ownerID: principal.isAdministrator ? nil : principal.userID)
            return WrittenJSONResponse { writer in
                writer.beginArray()
                for report in found { resource(report, origin: context.publicOrigin).write(to: &writer) }
                writer.endArray()
            }
        }
        api.get("reports/:slug") { _, context in
            if let accepted = try await visiblePendingReport(context) { return QEDReportResource(pending: accepted) }
            return resource(try await visibleReport(context), origin: context.publicOrigin)
        }
        api.put("reports/:slug") { request, context in
            try await revise(request, context: context)
        }
        api.get("reports/:slug/tsr") { _, context in
            let report = try await visibleReport(context)
            guard let reply = report.timeStampReply else {
                throw APIError(.notFound, "This report's hash is not a SHA-256 digest, so it has no RFC 3161 token.")
            }
            return Self.download(reply, type: "application/timestamp-reply", name: "\(report.slug).tsr")
        }
        api.get("reports/:slug/proof") { _, context in
            let report = try await visibleReport(context)
            return Self.download(
                Array(try await proofFile(for: report).utf8), type: "text/plain; charset=utf-8", name: "\(report.slug).tlog-proof"
            )
        }
        api.get("reports/:slug/bundle") { _, context in
            let report = try await visibleReport(context)
            return Self.download(try await bundle(for: report).archive(), type: "application/zip", name: "\(report.slug).chancery-proof.zip")
        }
        // QED's clients POST to make the certificate; it is derived data, so GET works too.
        for method in [HTTPRequest.Method.post, .get] {
            api.on("reports/:slug/pdf", method: method) { _, context in
                let report = try await visibleReport(context)
                let pdf = try await certificate(for: report, origin: context.publicOrigin).pdf(created: Date())
                return Self.download(pdf, type: "application/pdf", name: "\(report.slug).pdf")
            }
        }
    }

    /// The report's proof bundle: its proof, token, private metadata and the trust anchors.
    private func bundle(for report: StoredReport) async throws -> ProofBundle {
        ProofBundle(
            slug: report.slug, proof: try await proofFile(for: report), timeStampReply: report.timeStampReply,
            committedMetadata: report.committedMetadata, salt: report.salt,
            logVerifierKey: logVerifier.verifierKey, tsaRootPEM: tsaRootPEM
        )
    }

    /// The report's certificate of existence, with its proof bundle attached and its verify
    /// link under `origin`.
    private func certificate(for report: StoredReport, origin: PublicOrigin) async throws -> ReportCertificate {
        let tsaRoot = try Certificate(pemEncoded: tsaRootPEM)
        var timeStamp: ReportCertificate.TimeStamp?
        if let reply = report.timeStampReply, let digest = Hex.decode(report.hash) {
            let info = try await TimeStampVerifier(trustedRoot: tsaRoot).verify(responseDER: reply, dataDigest: digest)
            timeStamp = .init(time: info.genTime.date, serialNumber: Hex.encode(info.serialNumber))
        }
        var rootDER = DER.Serializer()
        try rootDER.serialize(tsaRoot)
        return ReportCertificate(
            slug: report.slug, name: report.name, reportHash: report.hash,
            files: report.files.map { .init(name: $0.fileName, sha256: $0.hash) },
            logOrigin: sequencer.origin, logKeyID: logKeyID, logIndex: report.logIndex,
            leafHash: report.leafHash, checkpointSize: report.checkpointSize, checkpointRoot: report.checkpointRoot.base64,
            checkpointTime: report.checkpointTime, timeStamp: timeStamp,
            tsaRootFingerprint: SHA256.hash(data: rootDER.serializedBytes).hex,
            verifyURL: origin.url("/verify/\(report.slug)"),
            attachments: try await bundle(for: report).files()
        )
    }

    /// The report's `c2sp.org/tlog-proof@v1` file against the newest checkpoint.
    private func proofFile(for report: StoredReport) async throws -> String {
        guard let proof = try await proofs.proof(for: report) else { throw APIError(.notFound, "Not found.") }
        return proof.formatted
    }

    /// A file to save, with its media type and name.
    private static func download(_ bytes: [UInt8], type: String, name: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    /// The logged report named by the `slug` parameter, if the caller may see it; 404
    /// otherwise, so that slugs of other users' reports are not confirmed to exist, and 409
    /// for the caller's report that is still pending.
    private func visibleReport(_ context: ChanceryRequestContext) async throws -> StoredReport {
        let principal = try context.requirePrincipal()
        let slug = try context.parameters.require("slug")
        guard let report = try await reports.report(slug: slug), principal.isAdministrator || report.ownerID == principal.userID else {
            if try await visiblePendingReport(context) != nil {
                throw APIError(.conflict, "The report is pending: it is not in the log yet. Retry once its status is confirmed.")
            }
            throw APIError(.notFound, "Not found.")
        }
        return report
    }

    /// The newest pending revision of the report named by the `slug` parameter, if there is
    /// one and the caller may see it.
    private func visiblePendingReport(_ context: ChanceryRequestContext) async throws -> ReportStore.NewReport? {
        let principal = try context.requirePrincipal()
        guard let accepted = try await pending.newest(slug: try context.parameters.require("slug"))?.prepared.report,
            principal.isAdministrator || accepted.ownerID == principal.userID
        else { return nil }
        return accepted
    }

    /// `POST reports/`: notarizes a new report.
    private func submit(_ request: Request, context: ChanceryRequestContext) async throws -> EditedResponse<QEDReportResource> {
        let principal = try context.requirePrincipal()
        let submission = try await Self.submission(in: request, context: context)
        if Self.prefersAsync(request) {
            return try await accept(try notarizer.prepare(submission, ownerID: principal.userID), context: context)
        }
        let report = try await notarizer.notarize(submission, ownerID: principal.userID)
        return EditedResponse(status: .created, response: resource(report, origin: context.publicOrigin))
    }

    /// `PUT reports/{slug}/`: notarizes a new revision of the caller's own report, with the
    /// same body as a new report; the slug stays.
    private func revise(_ request: Request, context: ChanceryRequestContext) async throws -> EditedResponse<QEDReportResource> {
        let principal = try context.requirePrincipal()
        let slug: String
        if let accepted = try await visiblePendingReport(context) {
            slug = accepted.slug
            guard accepted.ownerID == principal.userID else { throw Self.notTheOwner }
        } else {
            let report = try await visibleReport(context)
            guard report.ownerID == principal.userID else { throw Self.notTheOwner }
            slug = report.slug
        }
        let submission = try await Self.submission(in: request, context: context)
        if Self.prefersAsync(request) {
            return try await accept(try notarizer.prepare(submission, ownerID: principal.userID, revising: slug), context: context)
        }
        let revised = try await notarizer.notarize(submission, ownerID: principal.userID, revising: slug)
        return EditedResponse(status: .ok, response: resource(revised, origin: context.publicOrigin))
    }

    private static let notTheOwner = APIError(.forbidden, "Only the user who made a report can revise it.")

    /// Whether the client asked not to wait for the log (`Prefer: respond-async`, RFC 7240).
    private static func prefersAsync(_ request: Request) -> Bool {
        request.headers[values: .prefer].contains { value in
            value.split(separator: ",").contains {
                $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "respond-async"
            }
        }
    }

    /// Stores `prepared` as pending, answers `202 pending` once that is durable, and logs it
    /// in the background; if this instance stops first, ``PendingReportRecovery`` logs it.
    private func accept(_ prepared: ReportNotarizer.Prepared, context: ChanceryRequestContext) async throws -> EditedResponse<QEDReportResource> {
        try await pending.insert(prepared)
        let notarizer = notarizer
        let logger = context.logger
        Task {
            do {
                _ = try await notarizer.log(prepared, wasPending: true)
            } catch {
                logger.warning(
                    "a pending report was not logged yet; recovery will", metadata: ["slug": "\(prepared.report.slug)", "error": "\(error)"])
            }
        }
        return EditedResponse(
            status: .accepted, headers: [.preferenceApplied: "respond-async"], response: QEDReportResource(pending: prepared.report)
        )
    }

    /// The report the request's JSON body describes, validated.
    private static func submission(in request: Request, context: ChanceryRequestContext) async throws -> ReportSubmission {
        let message = "JSON parse error: the body must be a JSON object."
        guard let fields = try await request.jsonObjectBody(upTo: context.maxUploadSize, invalid: message) else {
            throw APIError(.badRequest, message)
        }
        return try ReportSubmission(body: fields)
    }

    /// The report as QED shows it, with its links under `origin`.
    private func resource(_ report: StoredReport, origin: PublicOrigin) -> QEDReportResource {
        QEDReportResource(report, logOrigin: sequencer.origin, logKeyID: logKeyID, baseURL: origin.baseURL)
    }
}
