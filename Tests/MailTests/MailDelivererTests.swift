import ChanceryTestSupport
import Crypto
import Foundation
import Mail
import Storage
import Testing

/// The mail outbox and its deliverer against aiosmtpd on loopback: a message arrives once and
/// byte for byte, transient failures are retried after the backoff on a clock the tests move,
/// permanent refusals end the attempts at once, and the queue is shared and durable.
@Suite(.enabled(if: TestSMTPServer.isInstalled, "needs aiosmtpd in .venv (scripts/test installs it)"))
struct MailDelivererTests {
    /// The lowercase hex SHA-256 of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// A port on 127.0.0.1 where nothing listens: a server's, stopped.
    static func closedPort() async throws -> Int {
        let server = try await TestSMTPServer.start()
        await server.stop()
        return server.port
    }

    @Test func aQueuedMailArrivesOnceByteForByte() async throws {
        try await MailOutboxFixture.with { fixture in
            let server = try await TestSMTPServer.start()
            let message = try MailOutboxFixture.message()
            let id = try await fixture.outbox.enqueue(message)
            let queued = try #require(try await fixture.row(id))
            #expect(queued.message == String(decoding: message.encoded(), as: UTF8.self))
            #expect(queued.attempts == 0)
            // Queued before the deliverer starts, so that its first look at the queue sends it;
            // it sleeps once that look is over.
            try await MailOutboxFixture.running([try fixture.deliverer(url: server.url())]) {
                await fixture.clock.waitForSleepers(count: 1)
            }
            let received = try server.received()
            await server.stop()
            #expect(received.count == 1)
            let mail = try #require(received.first)
            #expect(mail.dataSha256 == Self.sha256(message.encoded()), "the bytes queued are the bytes sent")
            #expect(mail.mailFrom == "notary@example.com")
            #expect(mail.rcptTos == ["ada@example.com"])
            #expect(mail.headers["Message-ID"] == "<\(message.messageID)>")
            #expect(mail.parts.first?.normalizedText?.hasPrefix("Hello,\n.a line with a leading dot\n") == true, "the dot is stuffed and unstuffed")
            let sent = try #require(try await fixture.row(id))
            #expect(sent.attempts == 1)
            #expect(sent.sentAt == MailOutboxFixture.start)
            #expect(sent.nextAttemptAt == nil)
            #expect(sent.lastError == nil)
        }
    }

    @Test func aMailQueuedWhileTheServerIsDownIsSentOnceItIsUp() async throws {
        try await MailOutboxFixture.with { fixture in
            let port = try await Self.closedPort()
            let message = try MailOutboxFixture.message()
            let id = try await fixture.outbox.enqueue(message)
            let deliverer = try fixture.deliverer(url: "smtp://127.0.0.1:\(port)")
            let server = try await MailOutboxFixture.running([deliverer]) {
                // The first attempt finds nothing listening; the deliverer sleeps until the retry.
                await fixture.clock.waitForSleepers(count: 1)
                let failed = try #require(try await fixture.row(id))
                #expect(failed.attempts == 1)
                #expect(failed.lastError?.contains("connect to 127.0.0.1:\(port)") == true)
                #expect(failed.nextAttemptAt == MailOutboxFixture.start + 60)
                let server = try await TestSMTPServer.start(["--port", "\(port)"])
                fixture.clock.advance(by: .seconds(59))
                #expect(fixture.clock.sleeperCount == 1, "no retry before its time")
                fixture.clock.advance(by: .seconds(1))
                await fixture.clock.waitForSleepers(count: 1)
                return server
            }
            let received = try server.received()
            await server.stop()
            #expect(received.map(\.dataSha256) == [Self.sha256(message.encoded())], "the retry sends the same bytes, once")
            let sent = try #require(try await fixture.row(id))
            #expect(sent.attempts == 2)
            #expect(sent.sentAt == MailOutboxFixture.start + 60)
            #expect(sent.lastError == nil)
        }
    }

    @Test func aMailQueuedWithADelayIsSentWhenItIsOverAndNotBefore() async throws {
        try await MailOutboxFixture.with { fixture in
            let server = try await TestSMTPServer.start()
            let message = try MailOutboxFixture.message()
            let id = try await fixture.outbox.enqueue(message, after: .seconds(300))
            let queued = try #require(try await fixture.row(id))
            #expect(queued.nextAttemptAt == MailOutboxFixture.start + 300)
            try await MailOutboxFixture.running([try fixture.deliverer(url: server.url())]) {
                // The first look finds nothing due; the deliverer sleeps until the delay is over.
                await fixture.clock.waitForSleepers(count: 1)
                let early = try server.received()
                #expect(early.isEmpty, "nothing is sent before the delay is over")
                fixture.clock.advance(by: .seconds(299))
                #expect(fixture.clock.sleeperCount == 1, "the deliverer still sleeps a second before")
                fixture.clock.advance(by: .seconds(1))
                await fixture.clock.waitForSleepers(count: 1)
            }
            let received = try server.received()
            await server.stop()
            #expect(received.map(\.dataSha256) == [Self.sha256(message.encoded())])
            let sent = try #require(try await fixture.row(id))
            #expect(sent.attempts == 1)
            #expect(sent.sentAt == MailOutboxFixture.start + 300)
        }
    }

    @Test func aPermanentRefusalIsAbandonedAtOnceWithItsError() async throws {
        try await MailOutboxFixture.with { fixture in
            let server = try await TestSMTPServer.start(["--refuse", "nobody@example.com"])
            let id = try await fixture.outbox.enqueue(try MailOutboxFixture.message(to: "nobody@example.com"))
            try await MailOutboxFixture.running([try fixture.deliverer(url: server.url())]) {
                await fixture.clock.waitForSleepers(count: 1)
                // A whole retry period later, the deliverer has looked again and found nothing due.
                fixture.clock.advance(by: MailOutboxFixture.policy.retryPeriod + MailOutboxFixture.policy.pollInterval)
                await fixture.clock.waitForSleepers(count: 1)
            }
            #expect(try server.received().isEmpty)
            await server.stop()
            let row = try #require(try await fixture.row(id))
            #expect(row.attempts == 1, "a permanent refusal is not retried")
            #expect(row.nextAttemptAt == nil)
            #expect(row.sentAt == nil)
            #expect(row.lastError?.contains("550") == true)
            #expect(row.lastError?.contains("RCPT TO:<nobody@example.com>") == true)
        }
    }

    @Test func twoDeliverersSharingTheQueueSendEachMailOnce() async throws {
        try await MailOutboxFixture.with { fixture in
            let server = try await TestSMTPServer.start()
            var messages: [String: MailMessage] = [:]
            for number in 1...6 {
                let message = try MailOutboxFixture.message(subject: "Message \(number)")
                messages[try await fixture.outbox.enqueue(message)] = message
            }
            let deliverers = [try fixture.deliverer(url: server.url()), try fixture.deliverer(url: server.url())]
            // Both claim from their first look, one message at a time each, and sleep once nothing is due.
            try await MailOutboxFixture.running(deliverers) {
                await fixture.clock.waitForSleepers(count: 2)
            }
            let received = try server.received()
            await server.stop()
            #expect(received.count == 6)
            #expect(Set(received.compactMap { $0.headers["Message-ID"] }) == Set(messages.values.map { "<\($0.messageID)>" }))
            for id in messages.keys {
                let row = try #require(try await fixture.row(id))
                #expect(row.attempts == 1, "each message was claimed once")
                #expect(row.sentAt != nil)
            }
        }
    }

    @Test func queuedMailsSurviveARestartOfTheDeliverer() async throws {
        try await MailOutboxFixture.with { fixture in
            let port = try await Self.closedPort()
            // The first deliverer fails once (nothing listens), then stops before its retry is due.
            let first = try MailOutboxFixture.message(subject: "First")
            let firstID = try await fixture.outbox.enqueue(first)
            try await MailOutboxFixture.running([try fixture.deliverer(url: "smtp://127.0.0.1:\(port)")]) {
                await fixture.clock.waitForSleepers(count: 1)
            }
            #expect(try await fixture.row(firstID)?.attempts == 1)
            // Queued while no deliverer runs.
            let second = try MailOutboxFixture.message(subject: "Second")
            let secondID = try await fixture.outbox.enqueue(second)

            // A new deliverer sends the new message at once and the first when its retry is due.
            let server = try await TestSMTPServer.start()
            let subjects = try await MailOutboxFixture.running([try fixture.deliverer(url: server.url())]) {
                await fixture.clock.waitForSleepers(count: 1)
                let atOnce = try server.received().map { $0.headers["Subject"] }
                fixture.clock.advance(by: MailOutboxFixture.policy.firstRetryDelay)
                await fixture.clock.waitForSleepers(count: 1)
                return [atOnce, try server.received().map { $0.headers["Subject"] }]
            }
            await server.stop()
            #expect(subjects == [["Second"], ["Second", "First"]])
            #expect(try await fixture.row(firstID)?.attempts == 2)
            #expect(try await fixture.row(secondID)?.attempts == 1)
            #expect(try await fixture.row(firstID)?.sentAt != nil)
            #expect(try await fixture.row(secondID)?.sentAt != nil)
        }
    }

    @Test func logsNameTheMailAndItsRecipientsButNeverThePassword() async throws {
        try await MailOutboxFixture.with { fixture in
            let server = try await TestSMTPServer.start(["--user", "mailer", "--password", "right-password"])
            let id = try await fixture.outbox.enqueue(try MailOutboxFixture.message())
            let log = RecordedLog()
            let deliverer = try fixture.deliverer(url: server.url(user: "mailer", password: "wrong-password"), logger: log.logger)
            try await MailOutboxFixture.running([deliverer]) {
                await fixture.clock.waitForSleepers(count: 1)
            }
            await server.stop()
            // A refused password is permanent: the message is abandoned, and the log says so.
            let row = try #require(try await fixture.row(id))
            #expect(row.lastError?.contains("535") == true)
            #expect(row.nextAttemptAt == nil)
            let abandoned = log.lines.filter { $0.contains("mail abandoned") }
            #expect(abandoned.count == 1)
            #expect(abandoned.first?.contains("mail=\(id)") == true)
            #expect(abandoned.first?.contains("recipients=ada@example.com") == true)
            let secrets = [
                "wrong-password", Data("\u{0}mailer\u{0}wrong-password".utf8).base64EncodedString(),
                Data("wrong-password".utf8).base64EncodedString(),
            ]
            for line in log.lines {
                for secret in secrets {
                    #expect(!line.contains(secret), "a log line shows the password: \(line)")
                }
            }
        }
    }
}
