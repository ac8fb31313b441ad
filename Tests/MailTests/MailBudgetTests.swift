import ChanceryTestSupport
import Foundation
import Mail
import Testing

/// An account's daily mail budget: its actions queue at most the limit in any 24 hours, other
/// accounts and the server's own mail are not held back, and messages older than a day no
/// longer count.
@Suite struct MailBudgetTests {
    @Test func anAccountQueuesItsLimitInADayAndNoMore() async throws {
        try await MailOutboxFixture.with { fixture in
            let mail = OutboundMail(
                from: try MailAddress("signing@example.com"), outbox: fixture.outbox,
                client: SMTPClient(server: try SMTPServerURL("smtp://127.0.0.1:1")), accountDailyLimit: 2, logger: TestDatabase.logger
            )
            try await mail.queue(try MailOutboxFixture.message(), account: "account-1")
            fixture.clock.advance(by: .seconds(3600))
            try await mail.queue(try MailOutboxFixture.message(), account: "account-1")
            await #expect(throws: MailBudgetExhausted.self) {
                try await mail.queue(try MailOutboxFixture.message(), account: "account-1")
            }
            try await mail.queue(try MailOutboxFixture.message(), account: "account-2")
            try await mail.queue(try MailOutboxFixture.message())
            #expect(try await fixture.outbox.count(queuedFor: "account-1", inLast: .seconds(24 * 3600)) == 2)

            // A day after the first message, it no longer counts; the second still does.
            fixture.clock.advance(by: .seconds(23 * 3600))
            try await mail.queue(try MailOutboxFixture.message(), account: "account-1")
            await #expect(throws: MailBudgetExhausted.self) {
                try await mail.queue(try MailOutboxFixture.message(), account: "account-1")
            }
        }
    }
}
