import Foundation
import SignWellSDK

/// Requests the tests send.
enum TestRequests {
    /// The request of the SignWell iOS demo's `CreateDocumentRequest`: a test document of `file`
    /// (`file_1.pdf`, as Base64 or as a URL) for John Doe to sign in the app, with a required
    /// signature and a required date (`Month DD, YYYY`, not locked to the signing date) on
    /// page 1, at the demo's coordinates.
    static func iOSDemo(file: DocumentFile) -> CreateDocumentRequest {
        var date = Field(type: .date, page: 1, x: 110, y: 550, recipientID: "1", required: true)
        date.dateFormat = .monthNameDayYear
        date.lockSignDate = false
        var request = CreateDocumentRequest(
            files: [file],
            recipients: [Recipient(id: "1", name: "John Doe", email: "user@host.com")],
            fields: [[Field(type: .signature, page: 1, x: 200, y: 550, recipientID: "1", required: true), date]],
            name: "Sample Document"
        )
        request.embeddedSigning = true
        request.draft = false
        request.testMode = true
        request.reminders = false
        return request
    }

    /// A test document of a two-page PDF for Jane to sign, embedded, with a signature and a
    /// date field on page 1.
    static func contract(name: String = "Contract", draft: Bool? = nil) -> CreateDocumentRequest {
        var date = Field(type: .date, page: 1, x: 110, y: 550, recipientID: "1")
        date.dateFormat = .monthNameDayYear
        var request = CreateDocumentRequest(
            files: [DocumentFile(name: "contract.pdf", contents: TestPDF.make(pageCount: 2))],
            recipients: [Recipient(id: "1", name: "Jane Roe", email: "jane@example.com")],
            fields: [[Field(type: .signature, page: 1, x: 200, y: 550, recipientID: "1", width: 150, height: 40), date]],
            name: name
        )
        request.embeddedSigning = true
        request.testMode = true
        request.draft = draft
        return request
    }
}
