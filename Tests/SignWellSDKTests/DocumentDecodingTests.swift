import Foundation
import SignWellSDK
import Testing

/// Documents as servers send them: SignWell's shapes (lengths as strings, ISO 8601 times),
/// values this SDK does not know yet, and keys it ignores.
@Suite struct DocumentDecodingTests {
    /// A document body shaped like SignWell's answers, with a field type, a date format, a
    /// status and a text validation no version of this SDK knows, and keys it has no
    /// property for.
    static let capturedDocument = Data(
        #"""
        {
          "id": "6f1c2a9e4d",
          "test_mode": true,
          "name": "Contract",
          "status": "Awaiting notary",
          "archived": false,
          "embedded_signing": true,
          "created_at": "2025-07-04T15:20:00.123Z",
          "updated_at": "2025-07-04T15:20:01Z",
          "metadata": {"order": "A-17"},
          "files": [{"name": "contract.pdf", "pages_number": 2}],
          "recipients": [{
            "id": "1", "name": "Jane Roe", "email": "jane@example.com", "status": "sent", "signing_order": 1,
            "signing_url": "https://sign.example.com/sign/abc", "embedded_signing_url": "https://sign.example.com/sign/abc?embedded=1",
            "send_email": false, "attachment_requests": [], "viewed_at": "2025-07-04T16:00:00.500+02:00",
            "favourite_colour": "green"
          }],
          "fields": [[
            {"x": 200, "y": 550.5, "page": 1, "width": "120", "height": "30.5", "type": "signature", "required": true,
             "recipient_id": "1", "recipient": {"name": "Jane Roe", "email": "jane@example.com"}, "value": null},
            {"x": 110, "y": 550, "page": 1, "width": "80", "height": "20", "type": "stamp", "date_format": "YYYY-MM-DD",
             "validation": "iban", "value": true, "options": ["Yes", {"name": "No", "api_id": "no", "is_other": false}]}
          ]],
          "copied_contacts": [{"id": "c1", "email": "boss@example.com"}],
          "labels": [{"id": "l1", "name": "sales"}],
          "notarization": {"report_id": "r-9", "sha256": "ab", "verify_url": "https://sign.example.com/verify/r-9"},
          "a_key_from_a_newer_server": {"nested": [1, 2, 3]}
        }
        """#.utf8)

    @Test func decodesTheCapturedDocument() throws {
        let document = try SignWellJSON.decoder().decode(Document.self, from: Self.capturedDocument)
        #expect(document.id == "6f1c2a9e4d")
        #expect(document.testMode)
        #expect(document.status == .unknown("Awaiting notary"))
        #expect(document.files == [FileInfo(name: "contract.pdf", pagesNumber: 2)])
        #expect(document.metadata == ["order": "A-17"])
        #expect(abs((document.createdAt?.timeIntervalSince1970 ?? 0) - 1_751_642_400.123) < 0.000_5)
        #expect(document.updatedAt == Date(timeIntervalSince1970: 1_751_642_401))
        #expect(document.notarization?.reportID == "r-9")
        #expect(document.copiedContacts?.first?.email == "boss@example.com")

        let recipient = try #require(document.recipients?.first)
        #expect(recipient.embeddedSigningURL == "https://sign.example.com/sign/abc?embedded=1")
        #expect(recipient.signingURL == "https://sign.example.com/sign/abc")
        #expect(abs((recipient.viewedAt?.timeIntervalSince1970 ?? 0) - 1_751_637_600.5) < 0.000_5)
        #expect(recipient.signingOrder == 1)
    }

    @Test func readsLengthsFromStringsAndToleratesUnknownValues() throws {
        let document = try SignWellJSON.decoder().decode(Document.self, from: Self.capturedDocument)
        let fields = try #require(document.fields?.first)
        #expect(fields.count == 2)
        #expect(fields[0].type == .signature)
        #expect(fields[0].width == 120)
        #expect(fields[0].height == 30.5)
        #expect(fields[0].y == 550.5)
        #expect(fields[0].value == nil)
        #expect(fields[0].recipient?.email == "jane@example.com")
        #expect(fields[1].type == .unknown("stamp"))
        #expect(fields[1].dateFormat == .unknown("YYYY-MM-DD"))
        #expect(fields[1].validation == .unknown("iban"))
        #expect(fields[1].value == .bool(true))
        #expect(fields[1].options == [FieldOption(name: "Yes"), FieldOption(name: "No", apiID: "no", isOther: false)])
    }

    @Test func knownValuesDecodeToTheirCases() throws {
        let json = Data(#"["autofill_date_signed", "MM/DD/YYYY hh:mm:ss a", "Manually completed", "us_ssn"]"#.utf8)
        let values = try JSONDecoder().decode([String].self, from: json)
        #expect(FieldType(rawValue: values[0]) == .autofillDateSigned)
        #expect(DateFormat(rawValue: values[1]) == .monthDayYearTime)
        #expect(DocumentStatus(rawValue: values[2]) == .manuallyCompleted)
        #expect(TextValidation(rawValue: values[3]) == .usSSN)
        for type in FieldType.knownValues {
            #expect(FieldType(rawValue: type.rawValue) == type)
        }
        #expect(DocumentStatus.manuallyCompleted.isFinal)
        #expect(!DocumentStatus.viewed.isFinal)
    }

    @Test func writesTheDocumentBackAsTheServerSendsIt() throws {
        let document = try SignWellJSON.decoder().decode(Document.self, from: Self.capturedDocument)
        let encoded = try SignWellJSON.encoder().encode(document)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let fields = try #require(object["fields"] as? [[[String: Any]]])
        #expect(fields[0][0]["width"] as? String == "120")
        #expect(fields[0][0]["height"] as? String == "30.5")
        #expect(fields[0][1]["type"] as? String == "stamp")
        #expect(object["status"] as? String == "Awaiting notary")
        #expect(object["created_at"] as? String == "2025-07-04T15:20:00.123Z")
        #expect(try SignWellJSON.decoder().decode(Document.self, from: encoded) == document)
    }

    @Test func aLengthThatIsNotANumberIsAnError() {
        let json = Data(#"{"x": 1, "y": 2, "page": 1, "width": "wide"}"#.utf8)
        #expect(throws: DecodingError.self) { try SignWellJSON.decoder().decode(DocumentField.self, from: json) }
    }

    @Test func decodesAListPage() throws {
        let json = Data(
            #"""
            {"documents": [{"id": "a", "test_mode": false}, {"id": "b", "test_mode": true}],
             "current_page": 2, "next_page": 3, "previous_page": 1, "total_count": 5, "total_pages": 3}
            """#.utf8)
        let list = try SignWellJSON.decoder().decode(DocumentList.self, from: json)
        #expect(list.documents.map(\.id) == ["a", "b"])
        #expect(list.pagination == Pagination(currentPage: 2, nextPage: 3, previousPage: 1, totalCount: 5, totalPages: 3))
        let again = try SignWellJSON.decoder().decode(DocumentList.self, from: SignWellJSON.encoder().encode(list))
        #expect(again == list)
    }
}
