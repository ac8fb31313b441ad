import Accounts
import Foundation
import HTTPSupport
import Hummingbird
import JSON
import Logging
import Storage
import SwiftASN1
import TimeStamping
import TransparencyLog

/// The Notary as the server assembles it: its keys, its log sequencer and its HTTP surfaces
/// (the QED API, the RFC 3161 endpoint, the public log, the public verify pages and the PDF
/// signature check).
///
/// ```swift
/// let notary = try await NotaryCapability.open(database: database, accounts: accounts,
///                                              keysDirectory: "data/keys", origin: "notary.example.com/log", logger: logger)
/// notary.addRoutes(to: router)   // and run notary.sequencer and notary.pendingReportRecovery as services
/// ```
public struct NotaryCapability: Sendable {
    /// The log's single writer; run it as a service next to the HTTP server.
    public let sequencer: Sequencer
    /// The key that verifies the log's checkpoints.
    public let logVerifier: Ed25519NoteVerifier
    /// The RFC 3161 time-stamp authority, for other capabilities' signatures.
    public let timeStampAuthority: TimeStampAuthority
    /// Logs the reports accepted as pending that an instance stopped before logging; run it
    /// as a service next to the sequencer.
    public let pendingReportRecovery: PendingReportRecovery
    private let log: LogRoutes
    private let qed: QEDRoutes
    private let tsa: TSARoutes
    private let verify: VerifyRoutes
    private let pdfSignatures: PDFSignatureRoutes
    private let notarizer: ReportNotarizer

    /// The error formats of the Notary's APIs, for ``HTTPSupport/ErrorMiddleware``.
    public static let errorFormats: [(prefix: String, format: any ErrorFormat)] = [QEDRoutes.errorFormat]

    /// Loads (or on first start creates) the log key and the TSA chain in `keysDirectory`,
    /// and opens the sequencer at the log's last checkpoint.
    ///
    /// - Parameter tsaPolicy: The policy OID, in dotted form, of every time-stamp token.
    /// - Throws: ``InvalidPolicy`` when `tsaPolicy` is not an object identifier.
    public static func open(
        database: Database, accounts: AccountStore, keysDirectory: String, origin: String,
        tsaPolicy: String = TSARoutes.defaultPolicy.description, logger: Logger
    ) async throws -> NotaryCapability {
        guard let policy = try? ASN1ObjectIdentifier(dotRepresentation: tsaPolicy) else { throw InvalidPolicy(text: tsaPolicy) }
        let signer = try LogKey.loadOrCreate(in: keysDirectory, origin: origin)
        let tsaKeys = try TSAKeyFiles.loadOrCreate(in: keysDirectory, commonName: "Chancery TSA \(origin)")
        let timeStamps = try tsaKeys.authority(policy: policy)
        let store = LogStore(database: database)
        let sequencer = try await Sequencer(store: store, signer: signer, logger: logger)
        let notarizer = ReportNotarizer(sequencer: sequencer, timeStamps: timeStamps)
        return NotaryCapability(
            sequencer: sequencer,
            logVerifier: signer.verifier,
            timeStampAuthority: timeStamps,
            pendingReportRecovery: PendingReportRecovery(database: database, sequencer: sequencer, timeStamps: timeStamps, logger: logger),
            log: LogRoutes(store: store, verifierKey: signer.verifier.verifierKey),
            qed: QEDRoutes(
                accounts: accounts, sequencer: sequencer, database: database, logVerifier: signer.verifier,
                timeStamps: timeStamps, tsaRootPEM: try tsaKeys.rootCertificatePEM
            ),
            tsa: try TSARoutes(accounts: accounts, authority: timeStamps, keys: tsaKeys),
            verify: VerifyRoutes(database: database, logVerifier: signer.verifier),
            pdfSignatures: PDFSignatureRoutes(accounts: accounts, trustedRoots: [tsaKeys.rootCertificate]),
            notarizer: notarizer
        )
    }

    /// The configured TSA policy is not an object identifier.
    public struct InvalidPolicy: Error, CustomStringConvertible {
        /// The text given as the policy.
        public let text: String

        public var description: String {
            "the TSA policy '\(text)' is not an object identifier in dotted form, such as 1.3.6.1.4.1.99999.1"
        }
    }

    /// A file notarized for another capability: where its report's public page and its RFC 3161
    /// token are.
    public struct NotarizedFile: Sendable {
        /// The report's id (its QED slug).
        public let reportID: String
        /// The public page of the report, such as `/verify/abc`.
        public let verifyPath: String
        /// The report's RFC 3161 reply, for its owner, such as `/qed/v1/reports/abc/tsr`.
        public let timeStampPath: String
    }

    /// Notarizes one file by its SHA-256 (64 hex characters) for the user `ownerID`, as a QED
    /// report named `name` with the file as its one provable file. Answers once the report is
    /// in the log and durable.
    public func notarize(fileSHA256: String, fileName: String, name: String, ownerID: String) async throws -> NotarizedFile {
        let submission = try ReportSubmission(body: [
            "hash": .string(fileSHA256),
            "name": .string(String(name.prefix(ReportSubmission.maxNameLength))),
            "provable_files": .array([
                .object(["hash": .string(fileSHA256), "file_name": .string(String(fileName.prefix(ReportSubmission.maxNameLength)))])
            ]),
            "original_created_at": .string(Date().formatted(Date.ISO8601FormatStyle())),
        ])
        let report = try await notarizer.notarize(submission, ownerID: ownerID)
        return NotarizedFile(reportID: report.slug, verifyPath: "/verify/\(report.slug)", timeStampPath: "/qed/v1/reports/\(report.slug)/tsr")
    }

    /// Adds every Notary route to `router`.
    public func addRoutes(to router: Router<ChanceryRequestContext>) {
        log.add(to: router)
        qed.add(to: router)
        tsa.add(to: router)
        verify.add(to: router)
        pdfSignatures.add(to: router)
    }
}
