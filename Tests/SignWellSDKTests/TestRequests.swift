import Foundation
import SignWellSDK

/// Requests the tests send.
enum TestRequests {
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
