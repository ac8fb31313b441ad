import Foundation
import Testing

@testable import Signing

/// Checks `file_url` downloads against a real HTTP server on the loopback interface: the
/// guard against private addresses, redirects, and the size and time limits.
@Suite struct FileDownloadTests {
    /// An intake that may reach the loopback test server.
    ///
    /// Its downloads may take two minutes rather than the default 30 seconds: with the whole
    /// suite running on two cores, CPU-bound tests can keep a loopback connection from being
    /// made for tens of seconds. The tests of the time limit set their own.
    static func privateIntake(_ configure: (inout IntakePolicy) -> Void = { _ in }) -> DocumentIntake {
        var policy = IntakePolicy(allowPrivateNetworks: true, downloadTimeout: .seconds(120))
        configure(&policy)
        return DocumentIntake(policy: policy)
    }

    /// The error `intake` throws for `url`.
    static func error(_ intake: DocumentIntake, _ url: String) async throws -> IntakeError {
        try await #require(throws: IntakeError.self) {
            _ = try await intake.pdf(name: "file.pdf", from: .url(url))
        }
    }

    @Test func theDefaultPolicyRefusesTheLoopbackServer() async throws {
        try await LoopbackFileServer.with { port, log in
            let error = try await Self.error(DocumentIntake(), "http://127.0.0.1:\(port)/document.pdf")
            #expect(error.reason == .forbiddenAddress)
            #expect(error.fileName == "file.pdf")
            #expect(
                error.description
                    == "file.pdf: file_url http://127.0.0.1:\(port)/document.pdf leads to 127.0.0.1, a loopback address (127.0.0.0/8), which this server does not fetch from"
            )
            #expect(log.requested.isEmpty)
        }
    }

    @Test(arguments: [
        "http://localhost:PORT/document.pdf", "http://2130706433:PORT/document.pdf", "http://0x7f.0.0.1:PORT/document.pdf",
        "http://127.1:PORT/document.pdf", "http://[::1]:PORT/document.pdf", "http://[::ffff:127.0.0.1]:PORT/document.pdf",
        "http://0.0.0.0:PORT/document.pdf", "HTTP://LOCALHOST:PORT/document.pdf", "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/x", "http://[fd00::1]/x",
    ])
    func everySpellingOfAPrivateAddressIsRefused(template: String) async throws {
        try await LoopbackFileServer.with { port, _ in
            let error = try await Self.error(DocumentIntake(), template.replacingOccurrences(of: "PORT", with: "\(port)"))
            #expect(error.reason == .forbiddenAddress, "\(error)")
        }
    }

    @Test func allowingPrivateNetworksFetchesTheFile() async throws {
        try await LoopbackFileServer.with { port, _ in
            let intake = Self.privateIntake()
            let file = try await intake.pdf(name: "contract.pdf", from: .url("http://127.0.0.1:\(port)/document.pdf"))
            #expect(file.pdf == LoopbackFileServer.document)
            #expect(file.pageCount == 2)
            #expect(file.name == "contract.pdf")

            // A host that is not an address literal goes through name resolution and is
            // reached at the address that was checked.
            let numeric = try await intake.pdf(name: "n.pdf", from: .url("http://2130706433:\(port)/relative"))
            #expect(numeric.pdf == LoopbackFileServer.document)
        }
    }

    @Test func aTrustedHostCannotRedirectToAnotherPrivateAddress() async throws {
        try await LoopbackFileServer.with { port, log in
            let intake = DocumentIntake(policy: IntakePolicy(trustedHosts: ["127.0.0.1"], downloadTimeout: .seconds(120)))
            let direct = try await intake.pdf(name: "a.pdf", from: .url("http://127.0.0.1:\(port)/document.pdf"))
            #expect(direct.pageCount == 2)

            for target in [
                "http://127.0.0.2:\(port)/document.pdf", "http://localhost:\(port)/document.pdf", "http://169.254.169.254/latest/meta-data/",
            ] {
                let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let error = try await Self.error(intake, "http://127.0.0.1:\(port)/redirect?to=\(encoded)")
                #expect(error.reason == .forbiddenAddress, "\(error)")
                #expect(error.message.contains("redirected to \(target)"), "\(error)")
            }
            #expect(log.requested == ["/document.pdf", "/redirect", "/redirect", "/redirect"])
        }
    }

    @Test func redirectsAreFollowedUpToTheLimit() async throws {
        try await LoopbackFileServer.with { port, _ in
            let intake = Self.privateIntake { $0.maximumRedirects = 2 }
            let base = "http://127.0.0.1:\(port)"
            let relative = try await intake.pdf(name: "r.pdf", from: .url("\(base)/relative"))
            #expect(relative.pdf == LoopbackFileServer.document)

            let twice = "\(base)/redirect?to=" + "\(base)/relative".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(try await intake.pdf(name: "r.pdf", from: .url(twice)).pageCount == 2)

            let loop = try await Self.error(intake, "\(base)/loop")
            #expect(loop.reason == .tooManyRedirects)
            #expect(loop.message == "file_url \(base)/loop redirects more than the 2 times this server follows")

            let noRedirects = try await Self.error(Self.privateIntake { $0.maximumRedirects = 0 }, "\(base)/relative")
            #expect(noRedirects.reason == .tooManyRedirects)

            let toFile = try await Self.error(intake, "\(base)/redirect?to=file%3A%2F%2F%2Fetc%2Fpasswd")
            #expect(toFile.reason == .invalidURL)
            #expect(toFile.message.contains("is a file: URL; this server downloads only http and https URLs"))
        }
    }

    @Test func aBodyLargerThanTheLimitIsAbandoned() async throws {
        try await LoopbackFileServer.with { port, _ in
            let intake = Self.privateIntake { $0.maximumFileSize = 1024 * 1024 }
            let announced = try await Self.error(intake, "http://127.0.0.1:\(port)/large")
            #expect(announced.reason == .fileTooLarge)
            #expect(announced.message == "the file is larger than the 1 MiB this server accepts")

            // Without a length, the endless body is read only up to the limit: a download
            // read on until the time limit would fail as downloadTimedOut instead.
            let endless = try await Self.error(intake, "http://127.0.0.1:\(port)/endless")
            #expect(endless.reason == .fileTooLarge)
            #expect(endless.message == "the file is larger than the 1 MiB this server accepts")
        }
    }

    @Test func aSlowDownloadIsCutOffAtTheTimeLimit() async throws {
        try await LoopbackFileServer.with { port, _ in
            let intake = Self.privateIntake { $0.downloadTimeout = .seconds(1) }
            let start = ContinuousClock.now
            let error = try await Self.error(intake, "http://127.0.0.1:\(port)/slow")
            let elapsed = ContinuousClock.now - start
            #expect(error.reason == .downloadTimedOut)
            #expect(error.message == "downloading file_url http://127.0.0.1:\(port)/slow took longer than the 1 s this server allows")
            // Finished, the 20 s body would fail as not a PDF: the reason shows it was cut off.
            #expect(elapsed >= .seconds(1), "\(elapsed)")
        }
    }

    @Test func httpErrorsAndBadURLsAreExplained() async throws {
        try await LoopbackFileServer.with { port, _ in
            let intake = Self.privateIntake()
            let missing = try await Self.error(intake, "http://127.0.0.1:\(port)/missing")
            #expect(missing.reason == .downloadFailed)
            #expect(missing.message == "file_url http://127.0.0.1:\(port)/missing answered HTTP 404 Not Found")

            let cases: [(url: String, reason: IntakeError.Reason, message: String)] = [
                ("ftp://example.com/a.pdf", .invalidURL, "is a ftp: URL"),
                ("file:///etc/passwd", .invalidURL, "is a file: URL"),
                ("not a url", .invalidURL, "is not a URL"),
                ("http:///nohost", .invalidURL, "has no host"),
                ("https://no-such-host.invalid/a.pdf", .unresolvableHost, "cannot be resolved"),
            ]
            for (url, reason, message) in cases {
                let error = try await Self.error(intake, url)
                #expect(error.reason == reason, "\(url): \(error)")
                #expect(error.message.contains(message), "\(url): \(error)")
            }

            // Refused at once, not given up at the time limit (downloadTimedOut).
            let refused = try await Self.error(intake, "http://127.0.0.1:1/a.pdf")
            #expect(refused.reason == .downloadFailed, "\(refused)")
            #expect(refused.message.hasPrefix("file_url http://127.0.0.1:1/a.pdf could not be downloaded: "), "\(refused)")
        }
    }
}
