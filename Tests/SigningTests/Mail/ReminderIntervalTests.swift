import Foundation
import Testing

@testable import Signing

/// A recipient is mailed at most one reminder an hour, however often the sender asks.
@Suite struct ReminderIntervalTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func document(remindedAt offsets: [TimeInterval], recipient: String = "1") -> SigningDocument {
        var document = WebhookFixture.document()
        document.events = offsets.map { DocumentEvent(time: start + $0, kind: .reminded, recipientID: recipient) }
        return document
    }

    @Test func theFirstReminderIsMailed() {
        #expect(SigningMail.mailsLatestReminder(to: "1", of: document(remindedAt: [0])))
    }

    @Test func aReminderWithinTheHourOfTheOneBeforeIsNot() {
        #expect(!SigningMail.mailsLatestReminder(to: "1", of: document(remindedAt: [0, 60])))
        #expect(!SigningMail.mailsLatestReminder(to: "1", of: document(remindedAt: [0, 3599])))
    }

    @Test func aReminderAnHourAfterTheOneBeforeIsMailed() {
        #expect(SigningMail.mailsLatestReminder(to: "1", of: document(remindedAt: [0, 3600])))
        #expect(SigningMail.mailsLatestReminder(to: "1", of: document(remindedAt: [0, 7200])))
    }

    @Test func remindersAskedForInARowKeepTheInboxQuiet() {
        // Every half hour: each has one within the hour before it.
        #expect(!SigningMail.mailsLatestReminder(to: "1", of: document(remindedAt: [0, 1800, 3600, 5400])))
    }

    @Test func anotherRecipientsRemindersDoNotCount() {
        var reminded = document(remindedAt: [0, 60])
        reminded.events.insert(DocumentEvent(time: start, kind: .reminded, recipientID: "2"), at: 0)
        #expect(SigningMail.mailsLatestReminder(to: "2", of: reminded))
        #expect(!SigningMail.mailsLatestReminder(to: "2", of: WebhookFixture.document()))
    }
}
