import Foundation
import Locking

/// The client of a Chancery Notary, through its QED-compatible API: report files, read their
/// reports back, download PDF certificates and proof bundles.
///
/// Set the API up once, typically when the app starts, with an API key of the server's
/// (created with `chancery apikey create`) and the server's URL:
///
/// ```swift
/// QEDAPI.setup(with: "YOUR_API_KEY", serverURL: URL(string: "https://notary.example.com")!)
/// ```
///
/// Or, as QED's own documentation does, with the key alone, the server's URL being given by
/// the app's configuration: the `QEDServerURL` entry of the app's `Info.plist`, or the
/// `QED_SERVER_URL` environment variable (see ``serverURL``).
///
/// Every request exists in two forms: with a completion handler, which is called once, never
/// on the main thread; and `async`. A request fails with a ``QEDAPIError`` when the SDK or the
/// server refuses it, and with the `URLError` of a network failure.
public final class QEDAPI: Sendable {
    /// Called when a report request completes: the updated file, or why the request failed.
    public typealias ReportHandler = @Sendable (QEDFile?, (any Error)?) -> Void
    /// Called when a request that produces no value completes: whether it succeeded, and why
    /// not.
    public typealias SuccessHandler = @Sendable (Bool, (any Error)?) -> Void
    /// Called when a download completes: the downloaded bytes, or why it failed.
    public typealias DataHandler = @Sendable (Data?, (any Error)?) -> Void

    /// The app token and the server the requests go to.
    struct Settings: Sendable {
        var apiKey: String?
        var serverURL: URL?
        var waitsForConfirmation = true
    }

    static let settings = LockedValue(Settings())

    private init() {}

    // MARK: Setup

    /// Sets the API key every request authenticates with, sent as
    /// `Authorization: app-token KEY`.
    ///
    /// Requests made before this are still sent, without credentials, and the server refuses
    /// them with a 401. The requests go to ``serverURL``: the one the app's `Info.plist` or
    /// environment names, unless ``setup(with:serverURL:)`` gave another.
    ///
    /// - Parameter apiKey: A key the server issued (`chancery apikey create`).
    public static func setup(with apiKey: String) {
        settings.withLock { $0.apiKey = apiKey }
    }

    /// Sets the API key and the server the requests go to.
    ///
    /// - Parameters:
    ///   - apiKey: A key the server issued (`chancery apikey create`).
    ///   - serverURL: The server's root URL, as `chancery serve` prints it, such as
    ///     `https://notary.example.com`; the SDK adds the `/qed/v1/` paths.
    public static func setup(with apiKey: String, serverURL: URL) {
        settings.withLock {
            $0.apiKey = apiKey
            $0.serverURL = serverURL
        }
    }

    /// The Chancery server's root URL, such as `https://notary.example.com`.
    ///
    /// Unless it is set (by ``setup(with:serverURL:)`` or here), it is the app's configured
    /// server: the `QED_SERVER_URL` environment variable if it is set, else the `QEDServerURL`
    /// string of the main bundle's `Info.plist`. There is no built-in default, since Chancery is
    /// self-hosted: with none of these, every request fails at once with
    /// ``QEDAPIError/serverURLNotSet``, without touching the network. Setting `nil` goes back to
    /// the configured server.
    public static var serverURL: URL? {
        get { settings.current.serverURL ?? configuredServerURL }
        set { settings.withLock { $0.serverURL = newValue } }
    }

    /// Whether ``sendReport(for:completion:)`` waits until the report is in the log (the
    /// default), so that the file comes back ``QEDFile/ProofStatus/confirmed``.
    ///
    /// Set to `false`, the server answers as soon as it has durably accepted the report, and
    /// the file comes back ``QEDFile/ProofStatus/pending`` (as QED's reports usually do at
    /// first); ``getReport(for:completion:)`` then tells when it is confirmed, usually well
    /// within a second. The request carries `Prefer: respond-async`.
    public static var waitsForConfirmation: Bool {
        get { settings.current.waitsForConfirmation }
        set { settings.withLock { $0.waitsForConfirmation = newValue } }
    }

    /// The server the app's environment or `Info.plist` names, if any.
    private static var configuredServerURL: URL? {
        let text = ProcessInfo.processInfo.environment["QED_SERVER_URL"] ?? Bundle.main.object(forInfoDictionaryKey: "QEDServerURL") as? String
        guard let text, let url = URL(string: text), url.scheme != nil, url.host != nil else { return nil }
        return url
    }

    // MARK: Reports

    /// Reports `file` to the server, which notarizes it.
    ///
    /// The report carries the file's ``QEDFile/hash`` (also as its one provable file, named
    /// `name.ext`, when it is a SHA-256), its name and note, and its date taken and extension as
    /// metadata. A file reported before (one with a ``QEDFile/slug``) updates its report: the
    /// server logs the file's current state as the report's next revision, under the same
    /// slug. Earlier revisions stay in the log, since Chancery never rewrites a logged entry.
    ///
    /// - Parameters:
    ///   - file: The file to report; it needs a ``QEDFile/hash``.
    ///   - completion: Called once the server answered, not on the main thread, with a copy of
    ///     `file` updated from the report (its ``QEDFile/slug`` and ``QEDFile/proofStatus``:
    ///     `confirmed`, or `pending` when ``waitsForConfirmation`` is `false`), or with the error.
    public static func sendReport(for file: QEDFile, completion: @escaping ReportHandler) {
        complete(completion) { try await sendReport(for: file) }
    }

    /// Reports `file` to the server, which notarizes it; see ``sendReport(for:completion:)``.
    ///
    /// - Returns: A copy of `file` updated from the report.
    /// - Throws: ``QEDAPIError/missingHash`` if the file has no hash, or why the request failed.
    public static func sendReport(for file: QEDFile) async throws -> QEDFile {
        guard let hash = file.hash else { throw QEDAPIError.missingHash }
        let body = try JSONEncoder().encode(ReportRequest(file: file, hash: hash))
        let connection = try QEDConnection.configured()
        let respondAsync = !waitsForConfirmation
        let answer =
            if let slug = file.slug {
                try await connection.report("PUT", ["reports", slug], trailingSlash: true, json: body, respondAsync: respondAsync)
            } else {
                try await connection.report("POST", ["reports"], trailingSlash: true, json: body, respondAsync: respondAsync)
            }
        return try file.updated(fromReport: answer.report, statusCode: answer.statusCode)
    }

    /// Reads the current state of `file`'s report from the server.
    ///
    /// - Parameters:
    ///   - file: A reported file (one with a ``QEDFile/slug``).
    ///   - completion: Called once the server answered, not on the main thread, with a copy of
    ///     `file` updated from the report, or with the error.
    public static func getReport(for file: QEDFile, completion: @escaping ReportHandler) {
        complete(completion) { try await getReport(for: file) }
    }

    /// Reads the current state of `file`'s report; see ``getReport(for:completion:)``.
    ///
    /// - Returns: A copy of `file` updated from the report.
    /// - Throws: ``QEDAPIError/notReported`` if the file has no slug, or why the request failed.
    public static func getReport(for file: QEDFile) async throws -> QEDFile {
        guard let slug = file.slug else { throw QEDAPIError.notReported }
        let answer = try await QEDConnection.configured().report("GET", ["reports", slug])
        return try file.updated(fromReport: answer.report, statusCode: answer.statusCode)
    }

    // MARK: Certificates and proofs

    /// Has the server generate the PDF certificate of `file`'s report, and stores it at the
    /// file's ``QEDFile/pdfURL``, replacing any earlier copy.
    ///
    /// - Parameters:
    ///   - file: A reported file (one with a ``QEDFile/slug``).
    ///   - completion: Called once the PDF is stored or the request failed, not on the main
    ///     thread: `true` and `nil`, or `false` and the error.
    public static func generatePDF(for file: QEDFile, completion: @escaping SuccessHandler) {
        Task {
            do {
                try await generatePDF(for: file)
                completion(true, nil)
            } catch {
                completion(false, error)
            }
        }
    }

    /// Has the server generate the PDF certificate of `file`'s report and stores it; see
    /// ``generatePDF(for:completion:)``.
    ///
    /// - Returns: Where the PDF is stored: the file's ``QEDFile/pdfURL``.
    /// - Throws: ``QEDAPIError/notReported`` if the file has no slug,
    ///   ``QEDAPIError/unexpectedResponse(statusCode:description:)`` if the answer is not a
    ///   PDF, the error writing the file, or why the request failed.
    @discardableResult
    public static func generatePDF(for file: QEDFile) async throws -> URL {
        guard let slug = file.slug else { throw QEDAPIError.notReported }
        let (pdf, mediaType, statusCode) = try await QEDConnection.configured()
            .send("POST", ["reports", slug, "pdf"], trailingSlash: true, accept: "application/pdf")
        guard mediaType == "application/pdf", pdf.starts(with: Data("%PDF-".utf8)) else {
            throw QEDAPIError.unexpectedResponse(
                statusCode: statusCode, description: "the certificate is not a PDF (\(mediaType ?? "no media type"))")
        }
        try pdf.write(to: file.pdfURL, options: .atomic)
        return file.pdfURL
    }

    /// Downloads the proof bundle of `file`'s report, for ``QEDFile/verify(bundle:pinnedLogKey:pinnedTSARoot:)``.
    ///
    /// The bundle is a ZIP archive of everything that proves the report with no server
    /// involved: the transparency-log proof with its signed checkpoint, the RFC 3161 token, the
    /// report's private metadata with its salt, copies of the trust anchors, and instructions
    /// (`VERIFY.txt`) for checking it all with standard tools. Keep it with the file.
    ///
    /// - Parameters:
    ///   - file: A reported file (one with a ``QEDFile/slug``).
    ///   - completion: Called once the download finished, not on the main thread, with the
    ///     archive's bytes or the error.
    public static func downloadProofBundle(for file: QEDFile, completion: @escaping DataHandler) {
        complete(completion) { try await downloadProofBundle(for: file) }
    }

    /// Downloads the proof bundle of `file`'s report; see
    /// ``downloadProofBundle(for:completion:)``.
    ///
    /// - Returns: The ZIP archive's bytes.
    /// - Throws: ``QEDAPIError/notReported`` if the file has no slug,
    ///   ``QEDAPIError/unexpectedResponse(statusCode:description:)`` if the answer is not a
    ///   ZIP archive, or why the request failed.
    public static func downloadProofBundle(for file: QEDFile) async throws -> Data {
        guard let slug = file.slug else { throw QEDAPIError.notReported }
        let (bundle, mediaType, statusCode) = try await QEDConnection.configured()
            .send("GET", ["reports", slug, "bundle"], accept: "application/zip")
        guard mediaType == "application/zip" else {
            throw QEDAPIError.unexpectedResponse(
                statusCode: statusCode, description: "the bundle is not a ZIP archive (\(mediaType ?? "no media type"))")
        }
        return bundle
    }

    /// Runs `request` in a new task, off the main thread, and hands its value or error to
    /// `completion`.
    private static func complete<Value: Sendable>(
        _ completion: @escaping @Sendable (Value?, (any Error)?) -> Void, _ request: @escaping @Sendable () async throws -> Value
    ) {
        Task {
            do {
                completion(try await request(), nil)
            } catch {
                completion(nil, error)
            }
        }
    }
}
