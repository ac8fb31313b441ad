import Foundation
import Mail
import Testing

@testable import Signing

/// The message everyone who took part gets once a document is completed.
@Suite struct CompletedMailMessageTests {
    private let from = try! MailAddress("signing@example.com")
    private let expiry = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func itAttachesTheFileAndLinksIt() throws {
        let document = WebhookFixture.document()
        let file = CompletedFile(bytes: Array("%PDF-1.7 signed".utf8), mediaType: "application/pdf", name: "Lease agreement.pdf")
        let completed = CompletedMailMessage(
            name: "Ada Lovelace", email: "ada@example.com", document: document, link: "https://sign.example.com/signwell/files/t",
            linkExpiry: expiry, file: file)
        #expect(completed.subject == "Completed: “Lease agreement”")
        #expect(completed.text.hasPrefix("Hello Ada Lovelace,\n\n“Lease agreement” has been signed by everyone."))
        #expect(completed.text.contains("The signed PDF is attached."))
        #expect(completed.text.contains("Download it until 2027-01-15 here:\nhttps://sign.example.com/signwell/files/t\n"))
        let message = try completed.message(from: from)
        #expect(message.attachments.map(\.filename) == ["Lease agreement.pdf"])
        #expect(message.attachments.first?.data == file.bytes)
    }

    @Test func withoutTheFileItOnlyLinksIt() throws {
        var document = WebhookFixture.document()
        document.name = nil
        let completed = CompletedMailMessage(name: nil, email: "legal@example.com", document: document, link: "L", linkExpiry: expiry, file: nil)
        #expect(completed.subject == "Completed: a document you signed")
        #expect(completed.text.hasPrefix("Hello,\n\nThe document has been signed by everyone."))
        #expect(!completed.text.contains("attached"))
        #expect(try completed.message(from: from).attachments.isEmpty)
    }
}
