import ArgumentParser
import Foundation
import QEDSDK

/// `chancery notarize FILE…`: notarizes files on a Chancery server through its QED API and
/// keeps each file's proofs next to it.
struct NotarizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notarize",
        abstract: "Notarize files on a Chancery server and save their proofs.",
        discussion: """
            Hashes each file locally (the file itself is never sent), reports its SHA-256, \
            waits until the report is confirmed in the transparency log, then saves the proof \
            bundle as FILE.chancery-proof.zip and the PDF certificate as \
            FILE.chancery-certificate.pdf, next to the file or in --output. Large files show \
            progress on standard error while they are hashed. Exits 0 only when every file \
            was notarized and saved.

            Example:
              export CHANCERY_API_KEY=$(chancery apikey create --user alice --name laptop)
              chancery notarize photo.jpg contract.pdf --server http://127.0.0.1:8080
              chancery verify photo.jpg photo.jpg.chancery-proof.zip --log-key log.vkey --tsa-root tsa-root.pem
            """
    )

    /// Files smaller than this are hashed without a progress bar.
    static let progressThreshold: Int64 = 16 << 20

    @Argument(help: ArgumentHelp("The files to notarize.", valueName: "file"))
    var files: [String]

    @Option(name: .long, help: ArgumentHelp("The server's URL. [env: CHANCERY_SERVER]", valueName: "url"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("An API key of the server (chancery apikey create). [env: CHANCERY_API_KEY]", valueName: "key"))
    var key: String?

    @Option(name: .long, help: ArgumentHelp("Where to save the proofs (default: next to each file).", valueName: "dir"))
    var output: String?

    @Option(name: .customLong("wait"), help: ArgumentHelp("How long to wait for a report to be confirmed.", valueName: "seconds"))
    var waitSeconds: Int = 120

    func run() async throws {
        guard let serverText = Setting.resolve(server, environment: "CHANCERY_SERVER") else {
            throw ConfigurationError("the server is missing: pass --server URL or set CHANCERY_SERVER")
        }
        guard let serverURL = URL(string: serverText), ["http", "https"].contains(serverURL.scheme ?? ""), serverURL.host != nil else {
            throw ConfigurationError("'\(serverText)' is not an http or https URL")
        }
        guard let key = Setting.resolve(key, environment: "CHANCERY_API_KEY"), !key.isEmpty else {
            throw ConfigurationError("the API key is missing: pass --key KEY or set CHANCERY_API_KEY")
        }
        let inputs = try files.map { path in
            guard let file = QEDFile(with: URL(fileURLWithPath: path)) else { throw ConfigurationError("\(path) is not a readable file") }
            return file
        }
        if let output {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        }

        QEDAPI.setup(with: key, serverURL: serverURL)
        // The SDK keeps certificates under its storage directory; they are moved from there.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chancery-notarize-\(UUID().uuidString)")
        QEDFile.storageDirectory = scratch
        defer { try? FileManager.default.removeItem(at: scratch) }

        var failures = 0
        for file in inputs {
            do {
                print(try await notarize(file, server: serverURL))
            } catch {
                failures += 1
                FileHandle.standardError.write(Data("Error: \(file.fileURL.path): \(Self.describe(error))\n".utf8))
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }

    /// Notarizes one file and saves its proofs; the line that reports it: the file's name,
    /// `confirmed`, the slug, where the bundle and the certificate are, and the public verify
    /// page.
    private func notarize(_ file: QEDFile, server serverURL: URL) async throws -> String {
        var hashed = file
        hashed.hash = try hash(file.fileURL)
        var report = try await QEDAPI.sendReport(for: hashed)
        let deadline = ContinuousClock.now + .seconds(waitSeconds)
        while report.proofStatus == .pending, ContinuousClock.now < deadline {
            try await Task.sleep(for: .seconds(1))
            report = try await QEDAPI.getReport(for: report)
        }
        guard report.proofStatus == .confirmed, let slug = report.slug else {
            throw ConfigurationError("the report is \(report.proofStatus), not confirmed")
        }

        let bundle = try await QEDAPI.downloadProofBundle(for: report)
        let bundleURL = destination(for: file.fileURL, suffix: ".chancery-proof.zip")
        try bundle.write(to: bundleURL, options: .atomic)
        let certificate = try await QEDAPI.generatePDF(for: report)
        let certificateURL = destination(for: file.fileURL, suffix: ".chancery-certificate.pdf")
        try? FileManager.default.removeItem(at: certificateURL)
        try FileManager.default.moveItem(at: certificate, to: certificateURL)

        let page = serverURL.appendingPathComponent("verify").appendingPathComponent(slug)
        return "\(file.fileURL.lastPathComponent)  confirmed  \(slug)  \(bundleURL.path)  \(certificateURL.path)  \(page.absoluteString)"
    }

    /// The file's SHA-256, with a progress bar for large files.
    private func hash(_ url: URL) throws -> String {
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
        guard size >= Self.progressThreshold else { return try QEDFile.calculateHash(ofFileAt: url) }
        var bar = ProgressBar(label: "hashing \(url.lastPathComponent)", total: size)
        defer { bar.finish() }
        return try QEDFile.calculateHash(ofFileAt: url) { bar.update($0) }
    }

    /// Where a proof of `file` is saved: next to it, or in `--output`.
    private func destination(for file: URL, suffix: String) -> URL {
        let directory = output.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? file.deletingLastPathComponent()
        return directory.appendingPathComponent(file.lastPathComponent + suffix)
    }

    private static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? error.localizedDescription
    }
}
