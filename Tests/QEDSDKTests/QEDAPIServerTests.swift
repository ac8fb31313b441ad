import Crypto
import Foundation
import QEDSDK
import Testing

/// The SDK against a real `chancery serve`. ``QEDAPI``'s settings are process-wide, so these
/// tests run one at a time; each starts its own server.
@Suite(.serialized, .timeLimit(.minutes(10))) struct QEDAPIServerTests {
    /// A new file with unique contents in the SDK's storage, its hash calculated.
    static func newFile(note: String? = nil) throws -> QEDFile {
        TestStorage.prepare()
        var file = QEDFile(withName: "report-\(UUID().uuidString)", extension: "txt", dateTaken: Date(timeIntervalSince1970: 1_763_000_000.5))
        try Data("contents \(UUID())".utf8).write(to: file.fileURL)
        file.note = note
        return file.withCalculatedHash()
    }

    /// What a completion handler received, and on which thread.
    struct Completion<Value: Sendable>: Sendable {
        let value: Value?
        let error: (any Error)?
        let onMainThread: Bool
    }

    /// Calls `start` with a completion handler and waits for it.
    static func completion<Value: Sendable>(
        _ start: (@escaping @Sendable (Value?, (any Error)?) -> Void) -> Void
    ) async -> Completion<Value> {
        await withCheckedContinuation { continuation in
            start { value, error in
                continuation.resume(returning: Completion(value: value, error: error, onMainThread: Thread.isMainThread))
            }
        }
    }

    @Test func sendAndGetReportWithCompletionHandlers() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            let file = try Self.newFile(note: "sent with a completion handler")

            let sent = await Self.completion { QEDAPI.sendReport(for: file, completion: $0) }
            #expect(sent.error == nil)
            #expect(!sent.onMainThread)
            let reported = try #require(sent.value)
            let slug = try #require(reported.slug)
            #expect(reported.proofStatus == .confirmed)
            #expect(reported.isSynchedWithServer)
            #expect(reported.hash == file.hash)
            #expect(reported.name == file.name && reported.ext == "txt" && reported.note == file.note)
            #expect(reported.dateTaken == file.dateTaken)
            #expect(reported.fileURL == file.fileURL)
            #expect(reported == file, "the reported copy equals the file it came from")

            let raw = try await server.json("qed/v1/reports/\(slug)")
            let tx = try #require(raw["tx"] as? [String: Any])
            #expect((tx["hash"] as? String)?.count == 64)
            #expect(tx["block_height"] is Int)
            let files = try #require(raw["provable_files"] as? [[String: Any]])
            #expect(files.map { $0["file_name"] as? String } == ["\(file.name).txt"])
            #expect(files.map { $0["hash"] as? String } == [file.hash])

            let got = await Self.completion { QEDAPI.getReport(for: reported, completion: $0) }
            #expect(got.error == nil)
            #expect(!got.onMainThread)
            #expect(got.value?.slug == slug)
            #expect(got.value?.proofStatus == .confirmed)
            #expect(got.value?.note == file.note)
        }
    }

    @Test func asyncVariantsAndTheRequestsTheSDKRefusesToMake() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            let file = try Self.newFile()

            let reported = try await QEDAPI.sendReport(for: file)
            #expect(reported.proofStatus == .confirmed)
            let slug = try #require(reported.slug)
            let again = try await QEDAPI.getReport(for: reported)
            #expect(again.slug == slug)
            #expect(again.dateTaken == file.dateTaken, "the date taken comes back through meta_data")

            var unhashed = file
            unhashed.hash = nil
            await #expect(throws: QEDAPIError.missingHash) { try await QEDAPI.sendReport(for: unhashed) }
            await #expect(throws: QEDAPIError.notReported) { try await QEDAPI.getReport(for: file) }
            await #expect(throws: QEDAPIError.notReported) { try await QEDAPI.generatePDF(for: file) }
            await #expect(throws: QEDAPIError.notReported) { try await QEDAPI.downloadProofBundle(for: file) }

            let withoutSlug = await Self.completion { QEDAPI.getReport(for: file, completion: $0) }
            #expect(withoutSlug.value == nil)
            #expect(withoutSlug.error as? QEDAPIError == .notReported)
        }
    }

    @Test func theServersRefusalsAreTypedErrors() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            var file = try Self.newFile()
            file.hash = "not hex"
            let invalid = await #expect(throws: QEDAPIError.self) { try await QEDAPI.sendReport(for: file) }
            guard case .server(400, let message, let fieldErrors)? = invalid else {
                Issue.record("expected a 400 with field errors, got \(String(describing: invalid))")
                return
            }
            #expect(fieldErrors["hash"] == ["Enter a hex string of at most 32 bytes."])
            #expect(message.contains("hash: Enter a hex string of at most 32 bytes."))

            var unknown = try Self.newFile()
            unknown.slug = "NoSuchSlug"
            await #expect(throws: QEDAPIError.server(statusCode: 404, message: "Not found.", fieldErrors: [:])) {
                try await QEDAPI.getReport(for: unknown)
            }
        }
    }

    @Test func aBadTokenGivesAnUnauthorizedErrorWithoutHanging() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: "not-a-real-key", serverURL: server.url)
            let file = try Self.newFile()
            let refused = await Self.completion { QEDAPI.sendReport(for: file, completion: $0) }
            #expect(refused.value == nil)
            guard case .server(401, let message, _)? = refused.error as? QEDAPIError else {
                Issue.record("expected a 401, got \(String(describing: refused.error))")
                return
            }
            #expect(message.contains("app token"))
        }
    }

    @Test func withoutAServerURLNothingIsSent() async throws {
        QEDAPI.serverURL = nil
        let file = try Self.newFile()
        await #expect(throws: QEDAPIError.serverURLNotSet) { try await QEDAPI.sendReport(for: file) }
        var slugged = file
        slugged.slug = "S1"
        let reported = slugged
        await #expect(throws: QEDAPIError.serverURLNotSet) { try await QEDAPI.getReport(for: reported) }
        let failed: Completion<Bool> = await Self.completion { done in
            QEDAPI.generatePDF(for: reported) { success, error in done(success, error) }
        }
        #expect(failed.value == false)
        #expect(failed.error as? QEDAPIError == .serverURLNotSet)
    }

    @Test func theProofBundleVerifiesOfflineAgainstPinnedAnchors() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            let reported = try await QEDAPI.sendReport(for: try Self.newFile())
            let bundle = try await QEDAPI.downloadProofBundle(for: reported)
            #expect(bundle.starts(with: Data("PK".utf8)))
            let logKey = try await server.publicText(".well-known/chancery/log.vkey")
            let tsaRoot = try await server.publicText(".well-known/chancery/tsa-root.pem")

            let verified = try await reported.verify(bundle: bundle, pinnedLogKey: logKey, pinnedTSARoot: tsaRoot)
            #expect(verified.isVerified, "\(verified.checks)")
            #expect(verified.checks.map(\.name) == ["file", "log", "metadata", "time"])

            var modified = reported
            modified.fileURL = try TestStorage.file(named: "modified.txt", contents: Data("something else".utf8))
            let tampered = try await modified.verify(bundle: bundle, pinnedLogKey: logKey, pinnedTSARoot: tsaRoot)
            #expect(!tampered.isVerified)
            #expect(tampered.check(named: "file")?.passed == false)
            #expect(tampered.check(named: "time")?.passed == false)
            #expect(tampered.check(named: "log")?.passed == true, "the log proof is about the entry, not the file")

            let foreign = try await reported.verify(bundle: bundle, pinnedLogKey: Self.otherLogKey(like: logKey), pinnedTSARoot: tsaRoot)
            #expect(!foreign.isVerified)
            #expect(foreign.check(named: "log")?.passed == false)
            #expect(foreign.check(named: "file")?.passed == true)

            let broken = try await reported.verify(bundle: Data("not a zip".utf8), pinnedLogKey: logKey, pinnedTSARoot: tsaRoot)
            #expect(!broken.isVerified)
            #expect(broken.checks.map(\.name) == ["bundle"])
        }
    }

    @Test func generatePDFStoresTheCertificateAtThePDFURL() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            let reported = try await QEDAPI.sendReport(for: try Self.newFile())
            try? FileManager.default.removeItem(at: reported.pdfURL)
            #expect(!reported.hasLocalPDF)

            let generated = await Self.completion { done in
                QEDAPI.generatePDF(for: reported) { success, error in done(success, error) }
            }
            #expect(generated.error == nil, "\(String(describing: generated.error))")
            #expect(generated.value == true)
            #expect(!generated.onMainThread)
            #expect(reported.hasLocalPDF)
            let pdf = try Data(contentsOf: reported.pdfURL)
            #expect(pdf.starts(with: Data("%PDF-".utf8)))

            let stored = try await QEDAPI.generatePDF(for: reported)
            #expect(stored == reported.pdfURL)
        }
    }

    @Test func reportingAReportedFileAgainRevisesItsReport() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            let reported = try await QEDAPI.sendReport(for: try Self.newFile(note: "first"))
            let slug = try #require(reported.slug)
            let firstHeight = try #require((try await server.json("qed/v1/reports/\(slug)")["tx"] as? [String: Any])?["block_height"] as? Int)

            var changed = reported
            changed.note = "second"
            let revised = try await QEDAPI.sendReport(for: changed)
            #expect(revised.slug == slug, "the same report, not a new one")
            #expect(revised.note == "second")
            #expect(revised.proofStatus == .confirmed)
            #expect(revised == reported)

            let raw = try await server.json("qed/v1/reports/\(slug)")
            #expect(raw["note"] as? String == "second")
            let height = try #require((raw["tx"] as? [String: Any])?["block_height"] as? Int)
            #expect(height > firstHeight, "the revision is a new log entry")
            #expect(try await QEDAPI.getReport(for: reported).note == "second")
        }
    }

    @Test func withoutWaitingAReportIsPendingUntilTheServerConfirmsIt() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            QEDAPI.waitsForConfirmation = false
            defer { QEDAPI.waitsForConfirmation = true }
            let reported = try await QEDAPI.sendReport(for: try Self.newFile())
            #expect(reported.proofStatus == .pending)
            #expect(reported.slug != nil)
            // Poll as the QED documentation says, a bounded number of times.
            var current = reported
            for _ in 0..<200 where current.proofStatus == .pending {
                try await Task.sleep(for: .milliseconds(25))
                current = try await QEDAPI.getReport(for: current)
            }
            #expect(current.proofStatus == .confirmed)
            #expect(current.slug == reported.slug)
        }
    }

    @Test func aRealFileStaysEqualToItsReportedCopy() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            TestStorage.prepare()
            let url = QEDFile.qedDirectory.appendingPathComponent("photo-\(UUID().uuidString).jpg")
            try Data("a photo \(UUID())".utf8).write(to: url)
            let file = try #require(QEDFile(with: url)).withCalculatedHash()
            let reported = try await QEDAPI.sendReport(for: file)
            #expect(reported.dateTaken == file.dateTaken, "the file system's date, finer than a millisecond, is kept")
            #expect(reported == file)
            #expect(try await QEDAPI.getReport(for: reported).dateTaken == file.dateTaken)
        }
    }

    @Test func aHashOtherThanSHA256IsReportedWithoutProvableFiles() async throws {
        try await NotaryServer.with { server in
            QEDAPI.setup(with: server.apiKey, serverURL: server.url)
            var file = try Self.newFile()
            let contents = try Data(contentsOf: file.fileURL)
            file.hash = Insecure.SHA1.hash(data: contents).map { String(format: "%02x", $0) }.joined()
            let reported = try await QEDAPI.sendReport(for: file)
            #expect(reported.proofStatus == .confirmed)
            #expect(reported.hash == file.hash)
            let raw = try await server.json("qed/v1/reports/\(try #require(reported.slug))")
            #expect(raw["hash"] as? String == file.hash)
            #expect((raw["provable_files"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func setupWithTheKeyAloneUsesTheServerOfTheEnvironment() async throws {
        try await NotaryServer.with { server in
            QEDAPI.serverURL = nil
            setenv("QED_SERVER_URL", server.url.absoluteString, 1)
            defer { unsetenv("QED_SERVER_URL") }
            QEDAPI.setup(with: server.apiKey)
            #expect(QEDAPI.serverURL == server.url)
            let reported = try await QEDAPI.sendReport(for: try Self.newFile())
            #expect(reported.proofStatus == .confirmed)

            setenv("QED_SERVER_URL", "not a URL", 1)
            await #expect(throws: QEDAPIError.serverURLNotSet) { try await QEDAPI.getReport(for: reported) }
        }
    }

    /// A well-formed verifier key (C2SP signed-note, Ed25519) with the same name as `logKey`
    /// but a key of its own, which signed nothing the server sent.
    static func otherLogKey(like logKey: String) throws -> String {
        let name = try #require(logKey.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "+").first.map(String.init))
        let publicKey = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
        let keyID = SHA256.hash(data: Data(name.utf8) + [0x0A, 0x01] + publicKey).prefix(4)
        return "\(name)+\(keyID.map { String(format: "%02x", $0) }.joined())+\((Data([0x01]) + publicKey).base64EncodedString())"
    }
}
