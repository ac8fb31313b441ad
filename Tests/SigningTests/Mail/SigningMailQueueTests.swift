import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import Mail
import SQLKit
import Storage
import Testing

@testable import Signing

/// What signing mail puts in the mail outbox and when, on a clock the tests move: a request
/// waits the recipient's `send_email_delay`; a document's `reminders` schedule mails those who
/// have still to sign 3, 6 and 10 days after their request, and nobody else.
@Suite struct SigningMailQueueTests {
    /// A queued message's row, as the tests check it.
    struct MailRow: TableRow {
        let recipients: String
        let message: String
        let nextAttemptAt: Date?
        let createdAt: Date
        /// The account whose daily budget it counts against.
        let accountID: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case recipients, message
            case nextAttemptAt = "next_attempt_at"
            case createdAt = "created_at"
            case accountID = "account_id"
        }

        /// Whether the message is a reminder.
        var isReminder: Bool { message.contains("\r\nSubject: Reminder: ") }
    }

    /// A scheduled reminder's row.
    struct ScheduleRow: TableRow, Equatable {
        let recipientID: String
        let nextAttemptAt: Date?
        let sentAt: Date?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case recipientID = "recipient_id"
            case nextAttemptAt = "next_attempt_at"
            case sentAt = "sent_at"
        }
    }

    /// A database with the accounts, mail and signing tables, a user who sends documents, the
    /// signing service, and signing mail over them on a manual clock.
    struct Fixture {
        let database: Database
        let clock: ManualClock
        let store: DocumentStore
        let schedule: SigningMailSchedule
        let mail: SigningMail
        /// The service that expires documents.
        let service: SigningService
        /// The id of the user who sends the documents, Alice Sender <alice@example.com>.
        let ownerID: String

        /// When the tests' time starts: a whole second, so that dates survive the database.
        static let start = Date(timeIntervalSince1970: 1_800_000_000)
        static let day: Duration = .seconds(24 * 3600)

        static func with(_ body: (Fixture) async throws -> Void) async throws {
            try await TestDatabase.with { database in
                try await TemporaryDirectory.with { directory in
                    _ = try await database.migrate(
                        [AccountsMigrations.all, MailMigrations.all, SigningMigrations.all], logger: TestDatabase.logger)
                    let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                    let owner = try await accounts.createUser(name: "alice", password: "alice password")
                    try await accounts.setProfile(
                        UserProfile(firstName: "Alice", lastName: "Sender", email: "alice@example.com"), ofUser: "alice")
                    let capability = try SigningCapability.open(
                        database: database, blobs: try await FileBlobStore(directory: directory + "/blobs"), accounts: accounts,
                        keysDirectory: directory + "/keys", notary: nil, timeStamper: nil, logger: TestDatabase.logger
                    )
                    let clock = ManualClock()
                    let outbound = OutboundMail(
                        from: try MailAddress("signing@example.com"),
                        outbox: MailOutbox(database: database, clock: OutboxClock(clock, startingAt: start)),
                        client: SMTPClient(server: try SMTPServerURL("smtp://127.0.0.1:1")), logger: TestDatabase.logger
                    )
                    let schedule = SigningMailSchedule(database: database, clock: OutboxClock(clock, startingAt: start))
                    let mail = SigningMail(
                        mail: outbound, renderer: DocumentRenderer(links: capability.service.links), schedule: schedule,
                        applications: APIApplicationStore(database: database), senderAddress: { try await accounts.senderAddress(of: $0) },
                        logger: TestDatabase.logger
                    )
                    try await body(
                        Fixture(
                            database: database, clock: clock, store: DocumentStore(database: database), schedule: schedule, mail: mail,
                            service: capability.service, ownerID: owner.id
                        ))
                }
            }
        }

        /// The service that sends what the schedule holds.
        func scheduledMail() -> ScheduledSigningMail {
            ScheduledSigningMail(
                schedule: schedule, store: store, mail: mail, expire: { [service] in try await service.expiringIfDue($0, now: $1) },
                logger: TestDatabase.logger
            )
        }

        /// A document signed by mail (not embedded) whose subject is plain ASCII, so that
        /// reminders show in their raw `Subject` header.
        func document() -> SigningDocument {
            var document = WebhookFixture.document(ownerID: ownerID)
            document.embeddedSigning = false
            document.subject = "Lease"
            return document
        }

        /// The queued messages to `address`, oldest first.
        func mail(to address: String) async throws -> [MailRow] {
            try await database.withReadConnection { sql in
                try await sql.select().columns(MailRow.columns).from("mail_outbox").where("recipients", .equal, SQLBind(address))
                    .orderBy("created_at").all(decoding: MailRow.self)
            }
        }

        /// The reminders queued to `address`.
        func reminders(to address: String) async throws -> Int {
            try await mail(to: address).filter(\.isReminder).count
        }

        /// The scheduled reminders, by recipient and due time.
        func scheduled() async throws -> [ScheduleRow] {
            try await database.withReadConnection { sql in
                try await sql.select().columns(ScheduleRow.columns).from("signing_mail_schedule").where("kind", .equal, SQLBind("reminder"))
                    .orderBy("recipient_id").orderBy("created_at").orderBy("sent_at").orderBy("next_attempt_at")
                    .all(decoding: ScheduleRow.self)
            }
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
        try await Fixture.with { fixture in
            var document = fixture.document()
            document.recipients[1].sendEmailDelay = 5
            await fixture.mail.requestSignatures(document)

            let ada = try await fixture.mail(to: "ada@example.com")
            let charles = try await fixture.mail(to: "charles@example.com")
            #expect(ada.count == 1 && charles.count == 1)
            let adaRequest = try #require(ada.first)
            let charlesRequest = try #require(charles.first)
            #expect(adaRequest.nextAttemptAt == adaRequest.createdAt, "without a delay the request is due at once")
            #expect(adaRequest.accountID == fixture.ownerID, "the owner's daily budget pays for it")
            #expect(charlesRequest.nextAttemptAt == charlesRequest.createdAt + 300, "five minutes of delay")
            let dated = try #require(Self.date(of: charlesRequest.message))
            #expect(dated > Date() + 290, "the Date header says when it is due")

            document.events.append(DocumentEvent(kind: .reminded, recipientID: "2"))
            await fixture.mail.remind(document, recipientIDs: ["2"])
            let reminders = try await fixture.mail(to: "charles@example.com").filter(\.isReminder)
            let reminder = try #require(reminders.first)
            #expect(reminders.count == 1)
            #expect(reminder.nextAttemptAt == reminder.createdAt, "a reminder does not wait")
        }
    }

    @Test func remindersComeOnTheThirdSixthAndTenthDayToThoseWhoHaveStillToSign() async throws {
        try await Fixture.with { fixture in
            let document = fixture.document()
            #expect(document.reminders)
            try await fixture.store.insert(document)
            await fixture.mail.requestSignatures(document)
            let start = Fixture.start
            let days = [3, 6, 10].map { start + TimeInterval($0 * 24 * 3600) }
            #expect(
                try await fixture.scheduled()
                    == ["1", "2"].flatMap { id in days.map { ScheduleRow(recipientID: id, nextAttemptAt: $0, sentAt: nil) } })

            try await whileRunning([fixture.scheduledMail()]) { _ async throws in
                await fixture.clock.waitForSleepers(count: 1)
                #expect(try await fixture.reminders(to: "ada@example.com") == 0, "no reminder before its day")

                // Day 3: both have still to sign.
                fixture.clock.advance(by: Fixture.day * 3)
                await fixture.clock.waitForSleepers(count: 1)
                #expect(try await fixture.reminders(to: "ada@example.com") == 1)
                #expect(try await fixture.reminders(to: "charles@example.com") == 1)

                // Day 6: Ada has signed, Charles has not.
                _ = try await fixture.store.change(document.id) { $0.recipients[0].status = .signed }
                fixture.clock.advance(by: Fixture.day * 3)
                await fixture.clock.waitForSleepers(count: 1)
                #expect(try await fixture.reminders(to: "ada@example.com") == 1, "who has signed is not reminded")
                #expect(try await fixture.reminders(to: "charles@example.com") == 2)

                // Day 10: the document no longer waits for anyone.
                _ = try await fixture.store.change(document.id) { $0.status = .completed }
                fixture.clock.advance(by: Fixture.day * 4)
                await fixture.clock.waitForSleepers(count: 1)
                #expect(try await fixture.reminders(to: "charles@example.com") == 2, "a completed document reminds nobody")
            }
            // What was mailed is recorded as sent; what was no longer wanted is gone.
            #expect(
                try await fixture.scheduled() == [
                    ScheduleRow(recipientID: "1", nextAttemptAt: nil, sentAt: days[0]),
                    ScheduleRow(recipientID: "2", nextAttemptAt: nil, sentAt: days[0]),
                    ScheduleRow(recipientID: "2", nextAttemptAt: nil, sentAt: days[1]),
                ])
        }
    }

    @Test func aDocumentWithoutRemindersSchedulesNone() async throws {
        try await Fixture.with { fixture async throws in
            var document = fixture.document()
            document.reminders = false
            await fixture.mail.requestSignatures(document)
            #expect(try await fixture.mail(to: "ada@example.com").count == 1, "the request is mailed")
            #expect(try await fixture.scheduled().isEmpty)
        }
    }

    @Test func aDeclineIsMailedToTheOwnerWithTheReason() async throws {
        try await Fixture.with { fixture in
            var document = fixture.document()
            document.status = .declined
            document.recipients[1].status = .declined
            document.recipients[1].declineReason = "The rent is too high."
            try await fixture.mail.tellSender(.declined(recipientIndex: 1), about: document)
            let mails = try await fixture.mail(to: "alice@example.com")
            let message = try #require(mails.first?.message)
            #expect(mails.count == 1)
            #expect(message.contains("\r\nTo: \"Alice Sender\" <alice@example.com>\r\n"))
            let text = SenderMailMessage(
                kind: .declined(recipientIndex: 1), document: document, sender: try MailAddress("alice@example.com", displayName: "Alice Sender")
            ).text
            #expect(text.contains("Charles Babbage (charles@example.com) declined to sign “Lease agreement”."))
            #expect(text.contains("Their reason:\nThe rent is too high."))
        }
    }

    @Test func theCustomRequesterEmailWinsOverTheOwnersUnlessItIsNoAddressAndWithoutEitherNothingIsSent() async throws {
        try await Fixture.with { fixture in
            var document = fixture.document()
            document.customRequesterEmail = "deals@example.com"
            document.customRequesterName = "Deals Desk"
            try await fixture.mail.tellSender(.expired, about: document)
            #expect(try await fixture.mail(to: "deals@example.com").count == 1)
            #expect(try await fixture.mail(to: "alice@example.com").isEmpty)

            // An address that would add a header is no address: the owner is told instead.
            var injected = fixture.document()
            injected.customRequesterEmail = "deals@example.com\r\nBcc: thief@example.net"
            try await fixture.mail.tellSender(.expired, about: injected)
            let owners = try await fixture.mail(to: "alice@example.com")
            #expect(owners.count == 1)
            #expect(owners.allSatisfy { !$0.message.contains("thief@example.net") })

            var unknown = fixture.document()
            unknown.ownerID = "no-such-user"
            try await fixture.mail.tellSender(.expired, about: unknown)
            let all = try await fixture.database.withReadConnection { sql in
                try await sql.select().column("id").from("mail_outbox").all().count
            }
            #expect(all == 2, "an owner without an address is not mailed")
        }
    }

    @Test func anUnsignedDocumentExpiresOnItsDateAndItsSenderIsTold() async throws {
        try await Fixture.with { fixture in
            var document = fixture.document()
            document.expiresAt = Fixture.start + 2 * 24 * 3600
            document.recipients[0].status = .signed
            try await fixture.store.insert(document)
            await fixture.mail.requestSignatures(document)
            let expiries = try await fixture.database.withReadConnection { sql in
                try await sql.select().column("next_attempt_at").from("signing_mail_schedule").where("kind", .equal, SQLBind("expiry"))
                    .all(decodingColumn: "next_attempt_at", as: Date.self)
            }
            #expect(expiries == [Fixture.start + 2 * 24 * 3600])

            try await whileRunning([fixture.scheduledMail()]) { _ async throws in
                await fixture.clock.waitForSleepers(count: 1)
                fixture.clock.advance(by: Fixture.day * 2 - .seconds(1))
                await fixture.clock.waitForSleepers(count: 1)
                #expect(try await fixture.store.record(id: document.id)?.status == .sent, "not before its date")
                fixture.clock.advance(by: .seconds(1))
                await fixture.clock.waitForSleepers(count: 1)
                #expect(try await fixture.store.record(id: document.id)?.status == .expired)
                // Day 3 would have reminded Charles: an expired document reminds nobody.
                fixture.clock.advance(by: Fixture.day)
                await fixture.clock.waitForSleepers(count: 1)
            }
            let mails = try await fixture.mail(to: "alice@example.com")
            let message = try #require(mails.first?.message)
            #expect(mails.count == 1)
            #expect(message.contains("\r\nTo: \"Alice Sender\" <alice@example.com>\r\n"))
            let expired = SenderMailMessage(
                kind: .expired, document: try #require(try await fixture.store.record(id: document.id)),
                sender: try MailAddress("alice@example.com")
            )
            #expect(expired.subject == "Expired: “Lease agreement”")
            let text = expired.text
            #expect(text.contains("“Lease agreement” expired on 2027-01-17 before everyone had signed."))
            #expect(text.contains("Still to sign:\n- Charles Babbage (charles@example.com)"))
            #expect(!text.contains("Ada Lovelace"))
            #expect(try await fixture.reminders(to: "charles@example.com") == 0)
        }
    }

    @Test func theCompletedDocumentGoesToTheSenderTooAndOnceToEachAddress() async throws {
        try await Fixture.with { fixture in
            var document = fixture.document()
            document.status = .completed
            document.copiedContacts = [CopiedContact(id: "c1", name: "Alice again", email: "ALICE@example.com")]
            let file = CompletedFile(bytes: Array("%PDF-1.7 completed".utf8), mediaType: "application/pdf", name: "lease.pdf")
            await fixture.mail.sendCompleted(document, file: file)
            for address in ["ada@example.com", "charles@example.com"] {
                #expect(try await fixture.mail(to: address).count == 1)
            }
            let all = try await fixture.database.withReadConnection { sql in
                try await sql.select().column("recipients").from("mail_outbox").all(decodingColumn: "recipients", as: String.self)
            }
            #expect(all.map { $0.lowercased() }.sorted() == ["ada@example.com", "alice@example.com", "charles@example.com"])
        }
    }

    @Test func everyMailOfADocumentOfAnAPIApplicationComesFromItsName() async throws {
        try await Fixture.with { fixture in
            let application = APIApplication(
                id: "app-1", ownerID: fixture.ownerID, name: "Kiosk", callbackURLs: [], branding: SigningBranding(primaryColor: "#0a7d4f"),
                createdAt: Fixture.start, updatedAt: Fixture.start)
            try await APIApplicationStore(database: fixture.database).insert(application)
            var document = fixture.document()
            document.apiApplicationID = application.id
            await fixture.mail.requestSignatures(document)
            document.status = .completed
            await fixture.mail.sendCompleted(
                document, file: CompletedFile(bytes: Array("%PDF-1.7".utf8), mediaType: "application/pdf", name: "lease.pdf"))
            try await fixture.mail.tellSender(.expired, about: document)
            let messages = try await fixture.database.withReadConnection { sql in
                try await sql.select().column("message").from("mail_outbox").all(decodingColumn: "message", as: String.self)
            }
            #expect(messages.count == 6, "two requests, three completed copies (the sender's too), the sender's expiry")
            #expect(messages.allSatisfy { $0.contains("\r\nFrom: \"Kiosk\" <signing@example.com>\r\n") })
        }
    }
}
