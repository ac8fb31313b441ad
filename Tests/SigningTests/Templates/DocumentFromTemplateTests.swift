import Foundation
import HTTPSupport
import HTTPTypes
import JSON
import PDF
import Testing

@testable import Signing

/// `POST /document_templates/documents`: recipients assigned to placeholders by name, preset
/// values, several templates in one document, and the requests refused.
@Suite struct DocumentFromTemplateTests {
    /// The objects of the array at `path` of `reply`.
    static func objects(_ reply: TemplateAPIFixture.Reply, _ path: String) -> [[String: Any]] {
        reply.array(path).compactMap { $0 as? [String: Any] }
    }

    @Test func recipientsTakeTheirPlaceholdersAndPresetValuesAreSet() async throws {
        try await TemplateAPIFixture.with { api in
            let templateID = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let reply = try await api.call(
                .post, "/document_templates/documents", as: api.keys.alice,
                body: [
                    "template_id": templateID,
                    "test_mode": true,
                    "embedded_signing": true,
                    "recipients": [["id": "7", "name": "Tom Tenant", "email": "tom@example.com", "placeholder_name": "tenant"]],
                    "template_fields": [
                        ["api_id": "tenant_address", "value": "1 Main Street"],
                        ["api_id": "pets", "value": true],
                        ["api_id": "term", "value": "24 months"],
                    ],
                ])
            #expect(reply.status == .created, "\(String(decoding: reply.body, as: UTF8.self))")
            #expect(reply.string("template_id") == templateID)
            #expect(reply.array("template_ids") as? [String] == [templateID])
            #expect(reply.string("status") == "Sent")
            #expect(reply.string("name") == "Lease")
            #expect(reply.string("subject") == "Please sign the lease")
            #expect(reply["reminders"] as? Bool == false)
            #expect(reply["test_mode"] as? Bool == true)
            #expect(reply.string("metadata.kind") == "lease")
            #expect(reply.string("labels.0.name") == "Housing")
            #expect(reply.string("files.0.name") == "lease.pdf")
            #expect(reply["files.0.pages_number"] as? Int == 2)

            // The tenant is the request's recipient; the landlord, not named, is the preassigned person.
            let recipients = Self.objects(reply, "recipients")
            #expect(recipients.map { $0["id"] as? String } == ["7", "1"])
            #expect(recipients.map { $0["email"] as? String } == ["tom@example.com", "lena@example.com"])
            #expect(recipients.map { $0["name"] as? String } == ["Tom Tenant", "Lena Lord"])
            #expect(recipients.map { $0["placeholder_name"] as? String } == ["Tenant", "Landlord"])
            #expect(recipients[0]["embedded_signing_url"] as? String != nil)
            #expect(reply.string("copied_contacts.0.email") == "books@example.com")
            #expect(reply.string("attachment_requests.0.recipient_id") == "7")

            let fields = Self.objects(reply, "fields.0")
            func field(_ apiID: String) -> [String: Any]? { fields.first { $0["api_id"] as? String == apiID } }
            #expect(fields.count == 5)
            #expect(field("tenant_address")?["value"] as? String == "1 Main Street")
            #expect(field("tenant_address")?["recipient_id"] as? String == "7")
            #expect(field("tenant_address")?["placeholder_name"] as? String == "Tenant")
            #expect(field("pets")?["value"] as? Bool == true)
            #expect(field("term")?["value"] as? String == "24 months")
            #expect(field("term")?["recipient_id"] as? String == "1")
            #expect(fields.filter { $0["type"] as? String == "signature" }.compactMap { $0["recipient_id"] as? String }.sorted() == ["1", "7"])

            // The document is an ordinary document, made from the template's stored file.
            let id = try #require(reply.string("id"))
            let read = try await api.call(.get, "/documents/\(id)", as: api.keys.alice)
            #expect(read.status == .ok)
            #expect(read.string("template_id") == templateID)
            let document = try #require(try await api.service.store.record(id: id))
            let template = try #require(try await api.service.templates.record(id: templateID))
            #expect(document.files.map(\.originalSHA256) == template.files.map(\.originalSHA256))
            #expect(document.templateIDs == [templateID])
            #expect(document.fields.first { $0.apiID == "pets" }?.value == .bool(true))
        }
    }

    @Test func twoTemplatesMakeOneDocumentOfTheirFilesInOrder() async throws {
        try await TemplateAPIFixture.with { api in
            let lease = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let addendum = try await api.createTemplate(TemplateAPIFixture.addendumTemplate(), as: api.keys.alice)
            let reply = try await api.call(
                .post, "/document_templates/documents", as: api.keys.alice,
                body: [
                    "template_ids": [lease, addendum],
                    "name": "Lease with addendum",
                    "recipients": [
                        ["id": "t", "email": "tom@example.com", "placeholder_name": "Tenant"],
                        ["id": "l", "name": "Larry", "email": "larry@example.com", "placeholder_name": "Landlord"],
                    ],
                    "template_fields": [["api_id": "move_in", "value": "2025-03-31"]],
                ])
            #expect(reply.status == .created, "\(String(decoding: reply.body, as: UTF8.self))")
            #expect(reply.array("template_ids") as? [String] == [lease, addendum])
            #expect(reply.string("name") == "Lease with addendum")
            #expect(Self.objects(reply, "files").map { $0["name"] as? String } == ["lease.pdf", "addendum.pdf"])
            #expect(Self.objects(reply, "files").map { $0["pages_number"] as? Int } == [2, 1])
            // "Tenant" and "tenant" are one recipient, who signs in both files; the preassigned landlord is replaced.
            let recipients = Self.objects(reply, "recipients")
            #expect(recipients.map { $0["id"] as? String } == ["t", "l"])
            #expect(recipients.map { $0["name"] as? String } == ["tom@example.com", "Larry"])
            let addendumFields = Self.objects(reply, "fields.1")
            #expect(addendumFields.count == 2)
            #expect(addendumFields.allSatisfy { $0["recipient_id"] as? String == "t" })
            #expect(addendumFields.first { $0["api_id"] as? String == "move_in" }?["value"] as? String == "31/03/2025")
            #expect(addendumFields.first { $0["api_id"] as? String == "move_in" }?["page"] as? Int == 1)

            let id = try #require(reply.string("id"))
            let document = try #require(try await api.service.store.record(id: id))
            #expect(document.files.map(\.firstPageIndex) == [0, 2])
            #expect(document.fields.filter { $0.fileIndex == 1 }.allSatisfy { $0.pageIndex == 2 })
            let pages = try PDFFile(bytes: try await api.service.loadPDF(document.currentPDF)).pages()
            #expect(pages.count == document.auditPageIndex + 1)
            #expect(document.auditPageIndex == 3)
        }
    }

    @Test func excludedPlaceholdersLeaveWithTheirFields() async throws {
        try await TemplateAPIFixture.with { api in
            let templateID = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let reply = try await api.call(
                .post, "/document_templates/documents", as: api.keys.alice,
                body: [
                    "template_id": templateID,
                    "recipients": [["id": "1", "email": "tom@example.com", "placeholder_name": "Tenant"]],
                    "exclude_placeholders": ["LANDLORD"],
                    "template_fields": [["api_id": "term", "value": "12 months"]],
                ])
            #expect(reply.status == .created, "\(String(decoding: reply.body, as: UTF8.self))")
            #expect(Self.objects(reply, "recipients").map { $0["email"] as? String } == ["tom@example.com"])
            #expect(Self.objects(reply, "fields.0").count == 3)
            #expect(Self.objects(reply, "fields.0").allSatisfy { $0["recipient_id"] as? String == "1" })
        }
    }

    @Test func preassignedPlaceholdersNeedNoRecipientInTheRequest() async throws {
        try await TemplateAPIFixture.with { api in
            let templateID = try await api.createTemplate(
                [
                    "name": "Receipt",
                    "files": [TemplateAPIFixture.file("receipt.pdf")],
                    "placeholders": [
                        ["id": "clerk", "name": "Clerk", "preassigned_recipient_name": "Carla", "preassigned_recipient_email": "carla@example.com"]
                    ],
                    "fields": [[["x": 10, "y": 10, "page": 1, "placeholder_id": "clerk", "type": "signature"]]],
                ], as: api.keys.alice)
            let reply = try await api.call(
                .post, "/document_templates/documents", as: api.keys.alice, body: ["template_id": templateID, "recipients": []])
            #expect(reply.status == .created, "\(String(decoding: reply.body, as: UTF8.self))")
            #expect(Self.objects(reply, "recipients").map { $0["email"] as? String } == ["carla@example.com"])
            #expect(reply.string("fields.0.0.recipient_id") == reply.string("recipients.0.id"))

            let withoutRecipients = try await api.call(.post, "/document_templates/documents", as: api.keys.alice, body: ["template_id": templateID])
            #expect(withoutRecipients.status == .unprocessableContent)
            #expect((withoutRecipients["errors"] as? [String: [String]])?["recipients"] == ["is required"])
        }
    }

    @Test func requestsThatDoNotFitTheTemplateAreRefusedWith422() async throws {
        try await TemplateAPIFixture.with { api in
            let templateID = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let tom: [String: Any] = ["id": "1", "email": "tom@example.com", "placeholder_name": "Tenant"]
            func errors(_ body: [String: Any]) async throws -> [String: [String]] {
                let reply = try await api.call(.post, "/document_templates/documents", as: api.keys.alice, body: body)
                #expect(reply.status == .unprocessableContent, "\(String(decoding: reply.body, as: UTF8.self))")
                return reply["errors"] as? [String: [String]] ?? [:]
            }

            let unknownPlaceholder = try await errors([
                "template_id": templateID, "recipients": [["id": "1", "email": "tom@example.com", "placeholder_name": "Lodger"]],
            ])
            #expect(unknownPlaceholder["recipients[0].placeholder_name"]?.first?.contains("Tenant, Landlord") == true)
            // …and the Tenant, who has fields, is then left without a recipient.
            #expect(unknownPlaceholder["recipients"]?.first?.contains("placeholder Tenant") == true)

            let twice = try await errors([
                "template_id": templateID,
                "recipients": [tom, ["id": "2", "email": "tina@example.com", "placeholder_name": "TENANT"]],
            ])
            #expect(twice["recipients[1].placeholder_name"] == ["names a placeholder another recipient is assigned to"])

            let unknownField = try await errors([
                "template_id": templateID, "recipients": [tom],
                "template_fields": [
                    ["api_id": "Tenant_Address", "value": "x"], ["api_id": "tenant_signature", "value": "Tom"],
                    ["api_id": "term", "value": "forever"],
                ],
            ])
            #expect(unknownField["template_fields[0].api_id"] == ["is not the api_id of a field of the template"])
            #expect(unknownField["template_fields[1].value"]?.first?.contains("signed by their recipient") == true)
            #expect(unknownField["template_fields[2].value"] == ["must be one of the options: 12 months, 24 months"])

            let both = try await errors(["template_id": templateID, "template_ids": [templateID], "recipients": [tom]])
            #expect(both["template_id"] == ["must not be given together with template_ids"])
            let neither = try await errors(["recipients": [tom]])
            #expect(neither["template_id"] == ["is required unless template_ids is given"])

            let everyoneExcluded = try await errors(["template_id": templateID, "recipients": [tom], "exclude_placeholders": ["Tenant", "Landlord"]])
            #expect(everyoneExcluded["exclude_placeholders"] == ["leaves no placeholder; at least one recipient must remain"])
            #expect(everyoneExcluded["recipients[0].placeholder_name"] == ["names a placeholder that exclude_placeholders leaves out"])

            let appended = try await errors(["template_id": templateID, "recipients": [tom], "files": [TemplateAPIFixture.file("extra.pdf")]])
            #expect(appended["files"] != nil)

            let draft = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(draft: true), as: api.keys.alice)
            let fromDraft = try await errors(["template_ids": [templateID, draft], "recipients": [tom]])
            #expect(fromDraft["template_ids[1]"]?.first?.contains("draft") == true)

            #expect(try await api.call(.get, "/documents", as: api.keys.alice)["total_count"] as? Int == 0)
        }
    }

    @Test func templatesOfOthersAndUnknownTemplatesAreNotFound() async throws {
        try await TemplateAPIFixture.with { api in
            let templateID = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let body: [String: Any] = [
                "template_id": templateID, "recipients": [["id": "1", "email": "bob@example.com", "placeholder_name": "Tenant"]],
            ]
            let asBob = try await api.call(.post, "/document_templates/documents", as: api.keys.bob, body: body)
            #expect(asBob.status == .notFound)
            #expect(asBob.string("meta.error") == "record_not_found")
            var unknown = body
            unknown["template_id"] = UUID().uuidString.lowercased()
            #expect(try await api.call(.post, "/document_templates/documents", as: api.keys.alice, body: unknown).status == .notFound)
            #expect(try await api.call(.post, "/document_templates/documents", as: api.keys.admin, body: body).status == .created)
        }
    }
}
