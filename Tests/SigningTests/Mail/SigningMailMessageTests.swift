import Foundation
import Mail
import Testing

@testable import Signing

/// The text of the mail recipients get: the sender's subject and message when given, the
/// recipient's own link, and nothing a header cannot hold.
@Suite struct SigningMailMessageTests {
    private let from = try! MailAddress("signing@example.com", displayName: "Chancery Signing")

    @Test func aRequestNamesTheDocumentAndCarriesTheLink() throws {
        var document = WebhookFixture.document()
        document.subject = nil
        document.message = nil
        let text = SigningMailMessage(
            .request, document: document, recipient: document.recipients[0], link: "https://sign.example.com/signwell/sign/abc")
        #expect(text.subject == "Please sign “Lease agreement”")
        #expect(text.text.hasPrefix("Hello Ada Lovelace,\n\n"))
        #expect(text.text.contains("Review and sign “Lease agreement” here:\nhttps://sign.example.com/signwell/sign/abc\n"))
        #expect(!text.text.contains("reminder"))
        let message = try text.message(from: from)
        #expect(message.to == [try MailAddress("ada@example.com", displayName: "Ada Lovelace")])
        #expect(message.from == from)
    }

    @Test func theRecipientsOwnSubjectAndMessageWinOverTheDocuments() {
        var document = WebhookFixture.document()
        document.subject = "Lease for 2027"
        document.message = "See clause 4."
        document.recipients[1].subject = "Charles, your copy"
        document.recipients[1].message = "Only page 2 concerns you."
        let first = SigningMailMessage(.request, document: document, recipient: document.recipients[0], link: "L")
        let second = SigningMailMessage(.request, document: document, recipient: document.recipients[1], link: "L")
        #expect(first.subject == "Lease for 2027")
        #expect(first.text.contains("See clause 4."))
        #expect(second.subject == "Charles, your copy")
        #expect(second.text.contains("Only page 2 concerns you."))
        #expect(!second.text.contains("See clause 4."))
    }

    @Test func aReminderSaysSo() {
        let document = WebhookFixture.document()
        let reminder = SigningMailMessage(.reminder, document: document, recipient: document.recipients[0], link: "L")
        #expect(reminder.subject == "Reminder: Please sign “Lease agreement”")
        #expect(reminder.text.contains("This is a reminder: “Lease agreement” is still waiting for your signature."))
    }

    @Test func aSubjectWithLineBreaksBecomesOneLine() throws {
        var document = WebhookFixture.document()
        document.subject = "Sign\r\nBcc: everyone@example.com"
        let message = try SigningMailMessage(.request, document: document, recipient: document.recipients[0], link: "L").message(from: from)
        #expect(message.subject == "Sign Bcc: everyone@example.com")
    }

    @Test func aDocumentWithoutANameIsADocument() {
        var document = WebhookFixture.document()
        document.name = ""
        #expect(SigningMailMessage(.request, document: document, recipient: document.recipients[0], link: "L").subject == "Please sign a document")
    }

    @Test func theHTMLWearsTheApplicationsNameAndColoursAndEscapesTheSendersText() throws {
        var document = WebhookFixture.document()
        document.message = "Read <b>clause 4</b> & sign."
        let application = APIApplication(
            id: "app-1", ownerID: "owner-1", name: "Kiosk & Co", callbackURLs: [],
            branding: SigningBranding(primaryColor: "#0a7d4f", buttonTextColor: "#fafafa", buttonsBorderRadius: 12), createdAt: Date(),
            updatedAt: Date()
        )
        let text = SigningMailMessage(
            .reminder, document: document, recipient: document.recipients[0], link: "https://sign.example.com/signwell/sign/a?b=1&c=2",
            application: application)
        let html = text.html
        #expect(html.contains(">Kiosk &amp; Co</p>"))
        #expect(html.contains("background:#0a7d4f;color:#fafafa;border-radius:12px"))
        #expect(html.contains("color:#0a7d4f;word-break"), "links take the primary colour when the application names no link colour")
        #expect(html.contains("href=\"https://sign.example.com/signwell/sign/a?b=1&amp;c=2\""))
        #expect(html.contains("Read &lt;b&gt;clause 4&lt;/b&gt; &amp; sign."))
        #expect(html.contains("This is a reminder"))
        #expect(try text.message(from: from).html == html)
    }

    @Test func withoutAnApplicationTheHTMLHasTheStandardColours() throws {
        let document = WebhookFixture.document()
        let text = SigningMailMessage(.request, document: document, recipient: document.recipients[0], link: "L")
        let standard = SigningMailMessage.standardBranding
        #expect(text.html.contains("background:\(standard.primaryColor ?? "");color:\(standard.buttonTextColor ?? "")"))
        #expect(!text.html.contains("This is a reminder"))
    }
}
