import Foundation
import SignWellSDK
import Testing

/// Requests as the API reads them: snake_case keys, and nothing for what was not set.
@Suite struct RequestEncodingTests {
    /// `value` encoded as the client sends it, read back as a JSON object.
    static func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: SignWellJSON.encoder().encode(value)) as? [String: Any])
    }

    @Test func encodesTheIOSSampleRequest() throws {
        let request = TestRequests.iOSDemo(file: DocumentFile(name: "file_1.pdf", contents: Data("%PDF-1.4\n".utf8)))

        let object = try Self.object(request)
        #expect(Set(object.keys) == ["files", "recipients", "fields", "name", "embedded_signing", "draft", "test_mode", "reminders"])
        #expect(object["embedded_signing"] as? Bool == true)
        #expect(object["test_mode"] as? Bool == true)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files[0] as? [String: String] == ["name": "file_1.pdf", "file_base64": "JVBERi0xLjQK"])
        let recipients = try #require(object["recipients"] as? [[String: Any]])
        #expect(recipients[0] as? [String: String] == ["id": "1", "name": "John Doe", "email": "user@host.com"])
        let fields = try #require(object["fields"] as? [[[String: Any]]])
        #expect(Set(fields[0][0].keys) == ["type", "page", "x", "y", "recipient_id", "required"])
        #expect(fields[0][1]["date_format"] as? String == "Month DD, YYYY")
        #expect(fields[0][1]["lock_sign_date"] as? Bool == false)
        #expect(fields[0][1]["x"] as? Double == 110)
    }

    @Test func encodesEveryOptionInSnakeCase() throws {
        var request = CreateDocumentRequest(
            files: [DocumentFile(name: "terms.pdf", url: URL(string: "https://example.com/terms.pdf")!)],
            recipients: [Recipient(id: "1", email: "a@example.com")]
        )
        request.withSignaturePage = true
        request.applySigningOrder = true
        request.expiresIn = 7
        request.redirectURL = "https://example.com/done"
        request.declineRedirectURL = "https://example.com/declined"
        request.allowDecline = false
        request.copiedContacts = [CopiedContact(email: "boss@example.com")]
        request.labels = [Label(name: "sales")]
        request.checkboxGroups = [CheckboxGroup(groupName: "terms", recipientID: "1", checkboxIDs: ["c1", "c2"], validation: .minimum)]
        request.metadata = ["order": "A-17"]

        let object = try Self.object(request)
        #expect(object["with_signature_page"] as? Bool == true)
        #expect(object["apply_signing_order"] as? Bool == true)
        #expect(object["expires_in"] as? Int == 7)
        #expect(object["redirect_url"] as? String == "https://example.com/done")
        #expect(object["decline_redirect_url"] as? String == "https://example.com/declined")
        #expect(object["allow_decline"] as? Bool == false)
        #expect(object["copied_contacts"] as? [[String: String]] == [["email": "boss@example.com"]])
        #expect(object["labels"] as? [[String: String]] == [["name": "sales"]])
        #expect(object["metadata"] as? [String: String] == ["order": "A-17"])
        let group = try #require((object["checkbox_groups"] as? [[String: Any]])?.first)
        #expect(Set(group.keys) == ["group_name", "recipient_id", "checkbox_ids", "validation"])
        #expect(group["validation"] as? String == "minimum")
        let file = try #require((object["files"] as? [[String: String]])?.first)
        #expect(file == ["name": "terms.pdf", "file_url": "https://example.com/terms.pdf"])
        #expect(object["fields"] == nil)
    }

    @Test func encodesTemplateRequestsWithPlaceholders() throws {
        var field = Field(type: .text, page: 1, x: 10, y: 20)
        field.placeholderID = "client"
        field.apiID = "fee"
        let template = CreateTemplateRequest(
            files: [DocumentFile(name: "nda.pdf", contents: Data([1, 2]))],
            placeholders: [Placeholder(id: "client", name: "Client")],
            fields: [[field]]
        )
        let object = try Self.object(template)
        #expect(object["placeholders"] as? [[String: String]] == [["id": "client", "name": "Client"]])
        let encodedField = try #require((object["fields"] as? [[[String: Any]]])?.first?.first)
        #expect(encodedField["placeholder_id"] as? String == "client")
        #expect(encodedField["recipient_id"] == nil)

        var fromTemplate = CreateDocumentFromTemplateRequest(
            templateID: "t1", recipients: [Recipient(id: "1", name: "Jane", email: "jane@example.com", placeholderName: "Client")]
        )
        fromTemplate.templateFields = [TemplateFieldValue(apiID: "fee", value: .number(1200)), TemplateFieldValue(apiID: "ok", value: .bool(true))]
        let document = try Self.object(fromTemplate)
        #expect(document["template_id"] as? String == "t1")
        #expect(document["template_ids"] == nil)
        #expect((document["recipients"] as? [[String: String]])?.first?["placeholder_name"] == "Client")
        let values = try #require(document["template_fields"] as? [[String: Any]])
        #expect(values[0]["api_id"] as? String == "fee")
        #expect(values[0]["value"] as? Double == 1200)
        #expect(values[1]["value"] as? Bool == true)
    }

    @Test func anEmptyUpdateSendsAnEmptyObject() throws {
        #expect(try Self.object(SendDocumentRequest()).isEmpty)
        #expect(try Self.object(UpdateTemplateRequest()).isEmpty)
    }
}
