import Dispatch
import Foundation
import QEDSDK
import Testing

/// The Quick Launch of the QEDSDK documentation (`QEDAPI.setup(with:)`, a `QEDFile` from a local
/// URL with its hash, then `sendReport`, `getReport` and `generatePDF` with completion handlers
/// that hop to the main queue), run against a real server.
///
/// The sample's code is kept as the documentation writes it. The changes: the steps are
/// methods of one object; each handler stores the updated file where the sample says "update
/// your data source" and tells the test it ran; the server's URL comes from the environment,
/// as an app would set it in its `Info.plist`.
@MainActor final class QuickLaunchSample {
    var file: QEDFile
    var errors: [any Error] = []

    /// "Paste them into your AppDelegate's application(_:didFinishLaunchingWithOptions:)".
    static func applicationDidFinishLaunching(apiKey: String) {
        QEDAPI.setup(with: apiKey)
    }

    /// "Prepare a QEDFile representing a local data file to be reported and notarized".
    init(localFileURL: URL) {
        var file = QEDFile(with: localFileURL)!
        file = file.withCalculatedHash()
        self.file = file
    }

    /// "Issue a report to the backend for notarization".
    func issueReport(done: @escaping @MainActor () -> Void) {
        QEDAPI.sendReport(for: file) { (updatedFile, error) in
            // Make sure to perform UI update related actions on main thread
            DispatchQueue.main.async {
                defer { done() }
                guard error == nil else {
                    self.errors.append(error!)
                    return
                }
                self.file = updatedFile!
            }
        }
    }

    /// "You can check periodically for status updates until report is confirmed".
    func checkStatus(done: @escaping @MainActor () -> Void) {
        QEDAPI.getReport(for: file) { (updatedFile, error) in
            DispatchQueue.main.async {
                defer { done() }
                guard error == nil else {
                    self.errors.append(error!)
                    return
                }
                self.file = updatedFile!
            }
        }
    }

    /// "Once the QEDFile status is confirmed, you can request a PDF certificate".
    func requestCertificate(done: @escaping @MainActor () -> Void) {
        QEDAPI.generatePDF(for: file) { (success, error) in
            DispatchQueue.main.async {
                defer { done() }
                guard success, error == nil else {
                    self.errors.append(error ?? QEDAPIError.unexpectedResponse(statusCode: 0, description: "no success"))
                    return
                }
            }
        }
    }
}

extension QEDAPIServerTests {
    /// What the sample held after each step: its file, and the errors its handlers met.
    struct QuickLaunchState: Sendable {
        let file: QEDFile
        let errors: [String]
    }

    /// Runs one step of the sample and waits until its handler ran on the main queue.
    @MainActor static func step(_ sample: QuickLaunchSample, _ start: (@escaping @MainActor () -> Void) -> Void) async -> QuickLaunchState {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            start { continuation.resume() }
        }
        return QuickLaunchState(file: sample.file, errors: sample.errors.map { "\($0)" })
    }

    /// The sample's steps in order: the state after preparing the file, reporting it, checking
    /// its status and requesting its certificate.
    @MainActor static func runQuickLaunch(apiKey: String, localFileURL: URL) async -> [QuickLaunchState] {
        QuickLaunchSample.applicationDidFinishLaunching(apiKey: apiKey)
        let sample = QuickLaunchSample(localFileURL: localFileURL)
        var states = [QuickLaunchState(file: sample.file, errors: [])]
        states.append(await step(sample) { sample.issueReport(done: $0) })
        states.append(await step(sample) { sample.checkStatus(done: $0) })
        states.append(await step(sample) { sample.requestCertificate(done: $0) })
        return states
    }

    @Test func theDocumentedQuickLaunchNotarizesAFile() async throws {
        try await NotaryServer.with { server in
            QEDAPI.serverURL = nil
            setenv("QED_SERVER_URL", server.url.absoluteString, 1)
            defer { unsetenv("QED_SERVER_URL") }
            TestStorage.prepare()
            let localFileURL = QEDFile.qedDirectory.appendingPathComponent("quick-launch-\(UUID().uuidString).mov")
            try Data("a video \(UUID())".utf8).write(to: localFileURL)

            let states = await Self.runQuickLaunch(apiKey: server.apiKey, localFileURL: localFileURL)
            let (prepared, reported, checked, certified) = (states[0], states[1], states[2], states[3])
            #expect(prepared.file.hash == (try QEDFile.calculateHash(ofFileAt: localFileURL)))
            #expect(reported.errors.isEmpty && checked.errors.isEmpty && certified.errors.isEmpty, "\(certified.errors)")
            #expect(reported.file.isSynchedWithServer)
            #expect(reported.file.proofStatus == .confirmed)
            #expect(checked.file.slug == reported.file.slug)
            #expect(checked.file.proofStatus == .confirmed)
            #expect(certified.file.hasLocalPDF)
            #expect(try Data(contentsOf: certified.file.pdfURL).starts(with: Data("%PDF-".utf8)))
        }
    }
}
