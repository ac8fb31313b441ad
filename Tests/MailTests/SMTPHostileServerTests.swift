import Foundation
import Mail
import Testing

/// Servers that are not SMTP, or break it: each send fails with a clear error, in bounded
/// time, without the client buffering what the server pushes.
@Suite(
    .enabled(if: TestSMTPServer.isInstalled, "needs aiosmtpd in .venv (scripts/test installs Tests/compat/requirements.txt)"), .timeLimit(.minutes(2))
)
struct SMTPHostileServerTests {
    /// Sends a message to a `--hostile mode` server with a reply timeout of `replyTimeout`,
    /// and returns the error and how long the send took.
    private func failure(mode: String, replyTimeout: Duration = .seconds(30)) async throws -> (SMTPError, Duration) {
        let server = try await TestSMTPServer.start(["--hostile", mode])
        let client = SMTPClient(server: try SMTPServerURL(server.url()), timeouts: SMTPClient.Timeouts(connect: .seconds(5), reply: replyTimeout))
        let message = try MailMessage(from: MailAddress("notary@example.com"), to: [MailAddress("ada@example.com")], subject: "Hi", text: "Hi.")
        let clock = ContinuousClock()
        let start = clock.now
        var caught: SMTPError?
        do {
            try await client.send(message)
        } catch {
            caught = error
        }
        let elapsed = clock.now - start
        await server.stop()
        return (try #require(caught), elapsed)
    }

    @Test func serverThatIsNotSMTP() async throws {
        let (error, _) = try await failure(mode: "not-smtp")
        #expect(error.reason == .malformedReply)
        #expect(error.step == "greeting")
        #expect(error.detail.contains("HTTP/1.1 400"))
        #expect(!error.isPermanent)
    }

    @Test func serverThatClosesAfterTheGreeting() async throws {
        let (error, _) = try await failure(mode: "close-after-greeting")
        #expect(error.reason == .connectionClosed)
        #expect(error.step == "EHLO")
        #expect(!error.isPermanent)
    }

    @Test(arguments: ["endless-line", "endless-reply"])
    func serverThatSendsWithoutEnd(mode: String) async throws {
        let (error, elapsed) = try await failure(mode: mode)
        #expect(error.reason == .malformedReply)
        #expect(error.detail.contains("exceeds 65536 bytes"))
        #expect(elapsed < .seconds(20))
    }

    @Test func silentServerTimesOut() async throws {
        let (error, elapsed) = try await failure(mode: "silent", replyTimeout: .milliseconds(500))
        #expect(error.reason == .timedOut)
        #expect(error.step == "greeting")
        #expect(!error.isPermanent)
        #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(10))
    }
}
