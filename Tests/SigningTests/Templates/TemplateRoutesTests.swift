import Foundation
import HTTPSupport
import HTTPTypes
import Testing

@testable import Signing

/// `/document_templates`: creating, reading, updating, listing and deleting templates, who
/// sees them, and the requests refused.
@Suite struct TemplateRoutesTests {
    /// The JSON of `reply` written with sorted keys, for comparing answers.
    static func canonical(_ reply: TemplateAPIFixture.Reply) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: reply.json ?? [:], options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func aTemplateIsCreatedReadUpdatedAndDeleted() async throws {
        try await TemplateAPIFixture.with { api in
            let created = try await api.call(.post, "/document_templates", as: api.keys.alice, body: TemplateAPIFixture.leaseTemplate())
            #expect(created.status == .created)
            let id = try #require(created.string("id"))
            #expect(created.string("status") == "Available")
            #expect(created.string("name") == "Lease")
            #expect(created["reminders"] as? Bool == false)
            #expect(created.string("placeholders.0.name") == "Tenant")
            #expect(created["placeholders.0.signing_order"] as? Int == 1)
            #expect(created.string("placeholders.0.attachment_requests.0.name") == "Passport")
            #expect(created.string("placeholders.1.preassigned_recipient_email") == "lena@example.com")
            #expect(created["placeholders.1.signing_order"] as? Int == 2)
            #expect(created.string("copied_placeholders.0.name") == "Accountant")
            #expect(created.string("files.0.name") == "lease.pdf")
            #expect(created["files.0.pages_number"] as? Int == 2)
            // The initials on page 9 of a 2-page file are dropped, as SignWell drops them.
            let fields = created.array("fields.0").compactMap { $0 as? [String: Any] }
            #expect(fields.count == 5)
            let address = try #require(fields.first { $0["api_id"] as? String == "tenant_address" })
            #expect(address["placeholder_name"] as? String == "Tenant")
            #expect(address["placeholder_id"] as? String == "tenant")
            #expect(address["width"] as? String == "180")
            #expect(address["label"] as? String == "Address")
            // A checkbox preset as SignWell's "f" is stored as a boolean.
            #expect(fields.first { $0["api_id"] as? String == "pets" }?["value"] as? Bool == false)
            #expect(created.string("metadata.kind") == "lease")
            #expect(created.string("labels.0.name") == "Housing")

            let read = try await api.call(.get, "/document_templates/\(id)", as: api.keys.alice)
            #expect(read.status == .ok)
            #expect(try Self.canonical(read) == Self.canonical(created))

            let updated = try await api.call(
                .put, "/document_templates/\(id)", as: api.keys.alice,
                body: [
                    "name": "Lease 2025", "draft": true, "metadata": ["kind": "lease", "year": "2025"], "allow_decline": false,
                    "labels": [["name": "Renewal"]],
                ])
            #expect(updated.status == .ok)
            #expect(updated.string("name") == "Lease 2025")
            #expect(updated.string("status") == "Draft")
            #expect(updated.string("metadata.year") == "2025")
            #expect(updated["allow_decline"] as? Bool == false)
            #expect(updated.string("labels.0.name") == "Renewal")
            #expect(updated.string("subject") == "Please sign the lease")
            #expect(updated.array("fields.0").count == 5)
            #expect(try await api.call(.get, "/document_templates/\(id)", as: api.keys.alice).string("name") == "Lease 2025")

            let deleted = try await api.call(.delete, "/document_templates/\(id)", as: api.keys.alice)
            #expect(deleted.status == .noContent)
            let gone = try await api.call(.get, "/document_templates/\(id)", as: api.keys.alice)
            #expect(gone.status == .notFound)
            #expect(gone.string("meta.error") == "record_not_found")
        }
    }

    @Test func templatesAreListedNewestFirstPageByPageAndFiltered() async throws {
        try await TemplateAPIFixture.with { api in
            let first = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(name: "Lease A"), as: api.keys.alice)
            let second = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(name: "Lease B", draft: true), as: api.keys.alice)
            _ = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(name: "Bob's"), as: api.keys.bob)

            let page1 = try await api.call(.get, "/document_templates?limit=1", as: api.keys.alice)
            #expect(page1.status == .ok)
            #expect(page1.array("templates").count == 1)
            #expect(page1.string("templates.0.id") == second)
            #expect(page1["total_count"] as? Int == 2)
            #expect(page1["total_pages"] as? Int == 2)
            #expect(page1["next_page"] as? Int == 2)
            #expect(page1["previous_page"] == nil)
            let page2 = try await api.call(.get, "/document_templates?limit=1&page=2", as: api.keys.alice)
            #expect(page2.string("templates.0.id") == first)
            #expect(page2["previous_page"] as? Int == 1)

            let drafts = try await api.call(.get, "/document_templates?query=status%3Adraft", as: api.keys.alice)
            #expect(drafts.array("templates").count == 1)
            #expect(drafts.string("templates.0.id") == second)
            let named = try await api.call(.get, "/document_templates?query=name%3A%22lease%20a%22", as: api.keys.alice)
            #expect(named.array("templates").compactMap { ($0 as? [String: Any])?["id"] as? String } == [first])
            #expect(try await api.call(.get, "/document_templates?query=status%3Aold", as: api.keys.alice).status == .unprocessableContent)

            let everyone = try await api.call(.get, "/document_templates", as: api.keys.admin)
            #expect(everyone["total_count"] as? Int == 3)
        }
    }

    @Test func otherUsersGetNotFoundAndAdministratorsSeeEverything() async throws {
        try await TemplateAPIFixture.with { api in
            let id = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            for (method, body) in [(HTTPRequest.Method.get, nil), (.put, ["name": "Mine"]), (.delete, nil)] as [(HTTPRequest.Method, [String: Any]?)]
            {
                let reply = try await api.call(method, "/document_templates/\(id)", as: api.keys.bob, body: body)
                #expect(reply.status == .notFound, "\(method)")
                #expect(reply.string("meta.error") == "record_not_found")
                #expect(reply.string("message") != nil)
            }
            #expect(try await api.call(.get, "/document_templates", as: api.keys.bob)["total_count"] as? Int == 0)
            #expect(try await api.call(.get, "/document_templates/\(id)", as: api.keys.admin).status == .ok)
            #expect(try await api.call(.get, "/document_templates/\(id)", as: api.keys.alice).string("name") == "Lease")
        }
    }

    @Test func invalidTemplatesAreRefusedWithEveryProblemByPath() async throws {
        try await TemplateAPIFixture.with { api in
            let reply = try await api.call(
                .post, "/document_templates", as: api.keys.alice,
                body: [
                    "files": [TemplateAPIFixture.file("a.pdf")],
                    "placeholders": [
                        ["id": "1", "name": "Client"], ["id": "1", "name": "client"],
                        ["id": "3", "name": "Agent", "preassigned_recipient_email": "nobody"],
                    ],
                    "fields": [
                        [
                            ["x": 10, "y": 10, "page": 1, "placeholder_id": "9", "type": "signature"],
                            ["x": 10, "y": 10, "page": 1, "placeholder_id": "1", "type": "checkbox", "api_id": "a", "value": "maybe"],
                            ["x": 10, "y": 10, "page": 1, "placeholder_id": "1", "type": "text", "api_id": "a"],
                            ["x": 10, "y": 10, "page": 1, "placeholder_id": "1", "type": "signature", "value": "Jane"],
                        ]
                    ],
                    "attachment_requests": [["name": "ID", "placeholder_id": "7"]],
                    "expires_in": 400,
                ])
            #expect(reply.status == .unprocessableContent)
            let errors = try #require(reply["errors"] as? [String: [String]])
            #expect(errors["placeholders[1].id"] == ["is used by another placeholder"])
            #expect(errors["placeholders[1].name"] == ["is the name of another placeholder"])
            #expect(errors["placeholders[2].preassigned_recipient_email"] == ["is not an email address"])
            #expect(errors["fields[0][0].placeholder_id"] != nil)
            #expect(errors["fields[0][1].value"] == ["must be true or false for a checkbox"])
            #expect(errors["fields[0][3].value"]?.first?.contains("signed by their recipient") == true)
            #expect(errors["fields"] == ["uses these api_ids for more than one field: a"])
            #expect(errors["attachment_requests[0].placeholder_id"] == ["is not the id of a placeholder"])
            #expect(errors["expires_in"] != nil)

            let noPlaceholders = try await api.call(
                .post, "/document_templates", as: api.keys.alice, body: ["files": [TemplateAPIFixture.file("a.pdf")]])
            #expect(noPlaceholders.status == .unprocessableContent)
            #expect((noPlaceholders["errors"] as? [String: [String]])?["placeholders"] == ["is required"])

            let notAPDF = try await api.call(
                .post, "/document_templates", as: api.keys.alice,
                body: [
                    "files": [["name": "a.pdf", "file_base64": Data("not a pdf".utf8).base64EncodedString()]],
                    "placeholders": [["id": "1", "name": "Client"]],
                ])
            #expect(notAPDF.status == .unprocessableContent)
            #expect((notAPDF["errors"] as? [String: [String]])?["files[0]"] != nil)
            #expect(try await api.call(.get, "/document_templates", as: api.keys.alice)["total_count"] as? Int == 0)
        }
    }

    @Test func theFilesAreStoredOnceAsPDFBlobs() async throws {
        try await TemplateAPIFixture.with { api in
            let id = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let template = try #require(try await api.service.templates.record(id: id))
            let file = try #require(template.files.first)
            let stored = try await api.service.loadPDF(file.pdf)
            #expect(stored.starts(with: Array("%PDF-".utf8)))
            #expect(file.pageCount == 2)
            #expect(file.originalSHA256 == file.pdf)
        }
    }
}
