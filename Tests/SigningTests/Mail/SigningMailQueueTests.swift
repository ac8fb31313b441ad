import ChanceryTestSupport
import Crypto
import Foundation
import Mail
import SQLKit
import Storage
import Testing

@testable import Signing

/// What signing mail puts in the mail outbox: a request waits the recipient's
/// `send_email_delay` minutes, and its `Date` header says when it is due; reminders do not wait.
@Suite struct SigningMailQueueTests {
    /// A queued message's row, as the test checks it.
    struct Row: TableRow {
        let recipients: String
        let message: String
        let nextAttemptAt: Date
        let createdAt: Date

        enum CodingKeys: String, CodingKey, CaseIterable {
            case recipients, message
            case nextAttemptAt = "next_attempt_at"
            case createdAt = "created_at"
        }
    }

    /// The queued messages to `address`, oldest first.
    static func rows(to address: String, in database: Database) async throws -> [Row] {
        try await database.withReadConnection { sql in
            try await sql.select().columns(Row.columns).from("mail_outbox").where("recipients", .equal, SQLBind(address))
                .orderBy("created_at").all(decoding: Row.self)
        }
    }

    /// The moment the `Date` header of an encoded message names (RFC 5322).
    static func date(of message: String) -> Date? {
        guard let header = message.split(separator: "\r\n").first(where: { $0.hasPrefix("Date: ") }) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, d MMM yyyy HH:mm:ss Z"
        return formatter.date(from: String(header.dropFirst(6)))
    }

    @Test func aRecipientsDelayHoldsBackTheirRequestButNotTheirReminder() async throws {
        try await TestDatabase.with { database in
            _ = try await database.migrate([MailMigrations.all], logger: TestDatabase.logger)
            let outbound = OutboundMail(
                from: try MailAddress("signing@example.com"), outbox: MailOutbox(database: database),
                client: SMTPClient(server: try SMTPServerURL("smtp://127.0.0.1:1")), logger: TestDatabase.logger
            )
            let mail = SigningMail(
                mail: outbound, renderer: DocumentRenderer(links: SigningLinks(key: SymmetricKey(size: .bits256))), logger: TestDatabase.logger)
            var document = WebhookFixture.document()
            document.embeddedSigning = false
            document.recipients[1].sendEmailDelay = 5
            await mail.requestSignatures(document)

            let ada = try await Self.rows(to: "ada@example.com", in: database)
            let charles = try await Self.rows(to: "charles@example.com", in: database)
            #expect(ada.count == 1 && charles.count == 1)
            let adaRequest = try #require(ada.first)
            let charlesRequest = try #require(charles.first)
            #expect(adaRequest.nextAttemptAt == adaRequest.createdAt, "without a delay the request is due at once")
            #expect(charlesRequest.nextAttemptAt == charlesRequest.createdAt + 300, "five minutes of delay")
            let dated = try #require(Self.date(of: charlesRequest.message))
            #expect(abs(dated.timeIntervalSince(charlesRequest.nextAttemptAt)) < 2, "the Date header says when it is due")

            document.events.append(DocumentEvent(kind: .reminded, recipientID: "2"))
            await mail.remind(document, recipientIDs: ["2"])
            let reminders = try await Self.rows(to: "charles@example.com", in: database).dropFirst()
            let reminder = try #require(reminders.first)
            #expect(reminders.count == 1)
            #expect(reminder.nextAttemptAt == reminder.createdAt, "a reminder does not wait")
        }
    }
}
