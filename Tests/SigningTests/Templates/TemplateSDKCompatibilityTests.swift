import Foundation
import HTTPSupport
import HTTPTypes
import Testing

@testable import Signing

/// What the template and bulk-send endpoints answer, parsed by the official SignWell Python
/// SDK's models, whose `from_dict` checks every member's type (width and height as strings,
/// recipients with names, integer counts, ISO dates).
@Suite struct TemplateSDKCompatibilityTests {
    /// Parses `reply` with the SDK model `model` (such as
    /// `document_template_response.DocumentTemplateResponse`) and returns the SDK's own
    /// rendering of it, dates written as text.
    @discardableResult
    static func parse(_ reply: TemplateAPIFixture.Reply, as model: String) async throws -> [String: Any] {
        let (module, type) = (model.split(separator: ".")[0], model.split(separator: ".")[1])
        let script = """
            import json, sys
            from signwell_sdk.models.\(module) import \(type)
            print(json.dumps(\(type).from_dict(json.load(sys.stdin)).to_dict(), default=str))
            """
        let output = try await SignWellPythonSDK.run(script, input: reply.body)
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    }

    @Test(.enabled(if: SignWellPythonSDK.isInstalled, "needs the SignWell Python SDK in .venv"))
    func templateAnswersParseAsTheSDKModels() async throws {
        try await TemplateAPIFixture.with { api in
            let created = try await api.call(.post, "/document_templates", as: api.keys.alice, body: TemplateAPIFixture.leaseTemplate())
            let parsed = try await Self.parse(created, as: "document_template_response.DocumentTemplateResponse")
            #expect(parsed["status"] as? String == "Available")
            let id = try #require(created.string("id"))
            try await Self.parse(
                try await api.call(.get, "/document_templates/\(id)", as: api.keys.alice), as: "document_template_response.DocumentTemplateResponse")
            try await Self.parse(
                try await api.call(.put, "/document_templates/\(id)", as: api.keys.alice, body: ["name": "Lease 2"]),
                as: "document_template_response.DocumentTemplateResponse")
            let list = try await Self.parse(
                try await api.call(.get, "/document_templates", as: api.keys.alice),
                as: "document_template_list_response.DocumentTemplateListResponse")
            #expect(list["total_count"] as? Int == 1)

            let addendum = try await api.createTemplate(TemplateAPIFixture.addendumTemplate(), as: api.keys.alice)
            let document = try await api.call(
                .post, "/document_templates/documents", as: api.keys.alice,
                body: [
                    "template_ids": [id, addendum],
                    "recipients": [["id": "1", "name": "Tom", "email": "tom@example.com", "placeholder_name": "Tenant"]],
                    "template_fields": [["api_id": "pets", "value": true], ["api_id": "move_in", "value": "2025-04-01"]],
                ])
            let fromTemplate = try await Self.parse(document, as: "document_from_template_response.DocumentFromTemplateResponse")
            #expect((fromTemplate["recipients"] as? [[String: Any]])?.first?["placeholder_name"] as? String == "Tenant")

            let missing = try await api.call(.get, "/document_templates/\(UUID().uuidString)", as: api.keys.alice)
            try await Self.parse(missing, as: "error_response.ErrorResponse")
            let invalid = try await api.call(.post, "/document_templates/documents", as: api.keys.alice, body: ["template_id": id, "recipients": []])
            try await Self.parse(invalid, as: "validation_error_response.ValidationErrorResponse")
        }
    }

    @Test(.enabled(if: SignWellPythonSDK.isInstalled, "needs the SignWell Python SDK in .venv"))
    func bulkSendAnswersParseAsTheSDKModels() async throws {
        try await TemplateAPIFixture.with { api in
            let lease = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let template = try await api.call(.get, "/bulk_sends/csv_template?template_ids%5B%5D=\(lease)&base64=true", as: api.keys.alice)
            try await Self.parse(template, as: "bulk_send_csv_template_response.BulkSendCsvTemplateResponse")

            let csv = Data("tenant_email,tenant_name\ntom@example.com,Tom\ntina@example.com,Tina\n".utf8).base64EncodedString()
            let validated = try await api.call(
                .post, "/bulk_sends/validate_csv", as: api.keys.alice, body: ["template_ids": [lease], "bulk_send_csv": csv])
            try await Self.parse(validated, as: "bulk_send_validate_csv_response.BulkSendValidateCsvResponse")
            let badCSV = Data("tenant_email\nnobody\n".utf8).base64EncodedString()
            let rowErrors = try await api.call(
                .post, "/bulk_sends/validate_csv", as: api.keys.alice, body: ["template_ids": [lease], "bulk_send_csv": badCSV])
            try await Self.parse(rowErrors, as: "validation_error_response.ValidationErrorResponse")

            let created = try await api.call(.post, "/bulk_sends", as: api.keys.alice, body: ["template_ids": [lease], "bulk_send_csv": csv])
            let parsed = try await Self.parse(created, as: "bulk_send_create_response.BulkSendCreateResponse")
            #expect(parsed["documents_count"] as? Int == 2)
            let id = try #require(created.string("id"))
            try await Self.parse(try await api.call(.get, "/bulk_sends/\(id)", as: api.keys.alice), as: "bulk_send_response.BulkSendResponse")
            try await Self.parse(try await api.call(.get, "/bulk_sends", as: api.keys.alice), as: "bulk_send_list_response.BulkSendListResponse")
            let documents = try await Self.parse(
                try await api.call(.get, "/bulk_sends/\(id)/documents", as: api.keys.alice),
                as: "bulk_send_documents_response.BulkSendDocumentsResponse")
            #expect((documents["documents"] as? [Any])?.count == 2)
        }
    }
}
