import Foundation
import HTTPTypes
import PDF
import Testing

/// The SignWell document endpoints and the signing session, end to end over real storage.
@Suite struct SignWellDocumentsTests {
    static var recipients: [[String: Any]] {
        [
            ["id": "1", "name": "Jane Doe", "email": "jane@example.com"],
            ["id": "2", "name": "John Roe", "email": "john@example.com"],
        ]
    }

    static var fields: [[String: Any]] {
        [
            ["x": 72, "y": 600, "page": 1, "recipient_id": "1", "type": "signature"],
            ["x": 72, "y": 680, "page": 1, "recipient_id": "1", "type": "text", "api_id": "company", "validation": "letters"],
            ["x": 400, "y": 600, "page": 1, "recipient_id": "2", "type": "signature", "width": 150, "height": 40],
            ["x": 400, "y": 680, "page": 1, "recipient_id": "2", "type": "date", "lock_sign_date": true, "date_format": "YYYY/MM/DD"],
            ["x": 400, "y": 7, "page": 9, "recipient_id": "2", "type": "text"],
        ]
    }

    @Test func aCreatedDocumentIsFullyPopulatedWithSignWellsTypes() async throws {
        try await SigningTestApp.with { app in
            let (status, json) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(pdf: SigningTestApp.letterPDF(pages: 2), recipients: Self.recipients, fields: Self.fields))
            #expect(status == .created)
            let document = try #require(json as? [String: Any])
            #expect(document["status"] as? String == "Sent")
            #expect(document["test_mode"] as? Bool == true)
            let files = try #require(document["files"] as? [[String: Any]])
            #expect(files.first?["pages_number"] as? Int == 2)
            let fields = try #require((document["fields"] as? [[[String: Any]]])?.first)
            // The field on page 9 of a two-page file is dropped, as SignWell does.
            #expect(fields.count == 4)
            #expect(fields[0]["width"] as? String == "180")
            #expect(fields[0]["height"] as? String == "48")
            #expect(fields[2]["width"] as? String == "150")
            #expect(fields[0]["page"] as? Int == 1)
            let recipients = try #require(document["recipients"] as? [[String: Any]])
            #expect(recipients.map { $0["status"] as? String } == ["sent", "sent"])
            let link = try #require(recipients[0]["embedded_signing_url"] as? String)
            #expect(link.contains("/signwell/sign/"))
            #expect(!link.contains("'") && !link.contains("\\"))
        }
    }

    @Test func invalidRequestsGetEveryProblemInSignWellsValidationShape() async throws {
        try await SigningTestApp.with { app in
            let body: [String: Any] = [
                "files": [["name": "a.pdf"]],
                "recipients": [["id": "1", "email": "not an email"]],
                "fields": [
                    [
                        ["x": 1, "y": 2, "page": 1, "recipient_id": "7", "type": "stamp"],
                        ["x": 1, "y": 2, "page": 1, "recipient_id": "1", "type": "date", "date_format": "YYYY-MM-DD"],
                    ]
                ],
            ]
            let (status, json) = try await app.json(.post, "/signwell/api/v1/documents", headers: app.alice, body: body)
            #expect(status == .unprocessableContent)
            let errors = try #require((json as? [String: Any])?["errors"] as? [String: [String]])
            #expect(errors["files[0]"] != nil)
            #expect(errors["recipients[0].email"] != nil)
            #expect(errors["fields[0][0].type"] != nil)
            #expect(errors["fields[0][0].recipient_id"] != nil)
            #expect(errors["fields[0][1].date_format"] != nil)
        }
    }

    @Test func documentsAreVisibleOnlyToTheirOwner() async throws {
        try await SigningTestApp.with { app in
            let (_, json) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields))
            let id = try #require((json as? [String: Any])?["id"] as? String)
            let (status, error) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.bob)
            #expect(status == .notFound)
            #expect(((error as? [String: Any])?["meta"] as? [String: Any])?["error"] as? String == "record_not_found")
            let (listStatus, list) = try await app.json(.get, "/signwell/api/v1/documents", headers: app.bob)
            #expect(listStatus == .ok)
            #expect((list as? [String: Any])?["total_count"] as? Int == 0)
            let (unauthenticated, _) = try await app.json(.get, "/signwell/api/v1/documents/\(id)")
            #expect(unauthenticated == .unauthorized)
        }
    }

    @Test func theListPagesAndFiltersByNameAndStatus() async throws {
        try await SigningTestApp.with { app in
            for name in ["Lease A", "Lease B", "Invoice"] {
                _ = try await app.json(
                    .post, "/signwell/api/v1/documents", headers: app.alice,
                    body: SigningTestApp.createBody(
                        recipients: Self.recipients, fields: Self.fields, extra: ["name": name, "draft": name == "Invoice"]))
            }
            let (_, first) = try await app.json(.get, "/signwell/api/v1/documents?limit=2&page=1", headers: app.alice)
            let page = try #require(first as? [String: Any])
            #expect(page["total_count"] as? Int == 3)
            #expect(page["total_pages"] as? Int == 2)
            #expect(page["next_page"] as? Int == 2)
            #expect((page["documents"] as? [Any])?.count == 2)
            let query = "name:lease%20AND%20status:sent"
            let (_, filtered) = try await app.json(.get, "/signwell/api/v1/documents?query=\(query)", headers: app.alice)
            let names = ((filtered as? [String: Any])?["documents"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(Set(names ?? []) == ["Lease A", "Lease B"])
            let (badLimit, _) = try await app.json(.get, "/signwell/api/v1/documents?limit=51", headers: app.alice)
            #expect(badLimit == .unprocessableContent)
        }
    }

    @Test func recipientsSignInOrderAndTheDocumentCompletes() async throws {
        try await SigningTestApp.with { app in
            let original = SigningTestApp.letterPDF()
            let (_, json) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(pdf: original, recipients: Self.recipients, fields: Self.fields, extra: ["apply_signing_order": true])
            )
            let document = try #require(json as? [String: Any])
            let id = try #require(document["id"] as? String)
            let links = try #require(document["recipients"] as? [[String: Any]]).compactMap { $0["embedded_signing_url"] as? String }.map(
                SigningTestApp.path)

            let (_, waiting) = try await app.json(.get, links[1] + "/session")
            #expect((waiting as? [String: Any])?["state"] as? String == "waiting")
            let (tooEarly, _) = try await app.json(.post, links[1] + "/complete", body: Self.submission(values: [:]))
            #expect(tooEarly == .conflict)

            let (_, session) = try await app.json(.get, links[0] + "/session")
            let fields = try #require((session as? [String: Any])?["fields"] as? [[String: Any]])
            #expect(fields.count == 2)
            let textField = try #require(fields.first { $0["type"] as? String == "text" }?["id"] as? String)
            let (invalid, problems) = try await app.json(.post, links[0] + "/complete", body: Self.submission(values: [textField: "ACME 123"]))
            #expect(invalid == .unprocessableContent)
            #expect(((problems as? [String: Any])?["errors"] as? [String: [String]])?[textField] != nil)
            let (signed, outcome) = try await app.json(.post, links[0] + "/complete", body: Self.submission(values: [textField: "ACME"]))
            #expect(signed == .ok)
            #expect((outcome as? [String: Any])?["state"] as? String == "signed")
            let (again, _) = try await app.json(.post, links[0] + "/complete", body: Self.submission(values: [textField: "ACME"]))
            #expect(again == .conflict)

            let (pending, notYet) = try await app.json(.get, "/signwell/api/v1/documents/\(id)/completed_pdf", headers: app.alice)
            #expect(pending == .notFound)
            #expect(((notYet as? [String: Any])?["meta"] as? [String: Any])?["error"] as? String == "record_not_found")

            let (done, last) = try await app.json(.post, links[1] + "/complete", body: Self.submission(values: [:]))
            #expect(done == .ok)
            #expect((last as? [String: Any])?["state"] as? String == "completed")

            let (_, completed) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            let final = try #require(completed as? [String: Any])
            #expect(final["status"] as? String == "Completed")
            let values = try #require((final["fields"] as? [[[String: Any]]])?.first).compactMap { $0["value"] }
            #expect(values.contains { $0 as? String == "ACME" })

            let pdf = try await app.bytes("/signwell/api/v1/documents/\(id)/completed_pdf", headers: app.alice)
            #expect(pdf.type == "application/pdf")
            // Every revision is an incremental update: the uploaded file is the completed PDF's prefix.
            #expect(Array(pdf.bytes.prefix(original.count)) == original)
            let file = try PDFFile(bytes: pdf.bytes)
            #expect(try file.formFields().filter { $0.type == "Sig" && $0.value != nil }.count == 3)
            let withoutAudit = try await app.bytes("/signwell/api/v1/documents/\(id)/completed_pdf?audit_page=false", headers: app.alice)
            #expect(withoutAudit.bytes.count < pdf.bytes.count)
            #expect(Array(pdf.bytes.prefix(withoutAudit.bytes.count)) == withoutAudit.bytes)
            let zip = try await app.bytes("/signwell/api/v1/documents/\(id)/completed_pdf?file_format=zip", headers: app.alice)
            #expect(zip.bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]))
            // url_only gives a link that works without credentials, as SignWell's file_url does.
            let (_, urlOnly) = try await app.json(
                .get, "/signwell/api/v1/documents/\(id)/completed_pdf?url_only=true&audit_page=false", headers: app.alice)
            let fileURL = try #require((urlOnly as? [String: Any])?["file_url"] as? String)
            let linked = try await app.bytes(SigningTestApp.path(of: fileURL), headers: [:])
            #expect(linked.status == .ok)
            #expect(linked.bytes == withoutAudit.bytes)
            let forged = try await app.bytes(SigningTestApp.path(of: fileURL).replacingOccurrences(of: ".n.", with: ".a."), headers: [:])
            #expect(forged.status == .notFound)
        }
    }

    @Test func aDeclinedDocumentStopsAndRecordsTheReason() async throws {
        try await SigningTestApp.with { app in
            let (_, json) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields))
            let document = try #require(json as? [String: Any])
            let id = try #require(document["id"] as? String)
            let links = try #require(document["recipients"] as? [[String: Any]]).compactMap { $0["embedded_signing_url"] as? String }.map(
                SigningTestApp.path)
            let (status, outcome) = try await app.json(.post, links[1] + "/decline", body: ["reason": "Wrong amount"])
            #expect(status == .ok)
            #expect((outcome as? [String: Any])?["state"] as? String == "declined")
            let (_, after) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            #expect((after as? [String: Any])?["status"] as? String == "Declined")
            #expect((after as? [String: Any])?["decline_message"] as? String == "Wrong amount")
            let (late, _) = try await app.json(.post, links[0] + "/complete", body: Self.submission(values: [:]))
            #expect(late == .conflict)
            let (update, _) = try await app.json(
                .patch, "/signwell/api/v1/documents/\(id)/recipients", headers: app.alice,
                body: ["recipients": [["id": "1", "email": "other@example.com"]]])
            #expect(update == .conflict)
        }
    }

    @Test func reassigningARecipientRevokesTheirOldLink() async throws {
        try await SigningTestApp.with { app in
            let (_, json) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields))
            let document = try #require(json as? [String: Any])
            let id = try #require(document["id"] as? String)
            let oldLink = try #require((document["recipients"] as? [[String: Any]])?.first?["embedded_signing_url"] as? String)
            let (status, updated) = try await app.json(
                .patch, "/signwell/api/v1/documents/\(id)/recipients", headers: app.alice,
                body: ["recipients": [["id": "1", "name": "Jane Smith", "email": "jane.smith@example.com"]]])
            #expect(status == .ok)
            let recipient = try #require(((updated as? [String: Any])?["recipients"] as? [[String: Any]])?.first)
            #expect(recipient["email"] as? String == "jane.smith@example.com")
            let newLink = try #require(recipient["embedded_signing_url"] as? String)
            #expect(newLink != oldLink)
            let (old, _) = try await app.json(.get, SigningTestApp.path(of: oldLink) + "/session")
            #expect(old == .notFound)
            let (new, _) = try await app.json(.get, SigningTestApp.path(of: newLink) + "/session")
            #expect(new == .ok)
        }
    }

    @Test func draftsAreSentAndDeletingCancelsTheLinks() async throws {
        try await SigningTestApp.with { app in
            let (_, json) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields, extra: ["draft": true]))
            let draft = try #require(json as? [String: Any])
            let id = try #require(draft["id"] as? String)
            #expect(draft["status"] as? String == "Draft")
            #expect((draft["recipients"] as? [[String: Any]])?.first?["embedded_signing_url"] == nil)
            let (remindDraft, _) = try await app.json(.post, "/signwell/api/v1/documents/\(id)/remind", headers: app.alice, body: [:])
            #expect(remindDraft == .conflict)
            let (sentStatus, sent) = try await app.json(.post, "/signwell/api/v1/documents/\(id)/send", headers: app.alice, body: ["name": "Renamed"])
            #expect(sentStatus == .created)
            #expect((sent as? [String: Any])?["status"] as? String == "Sent")
            #expect((sent as? [String: Any])?["name"] as? String == "Renamed")
            let (twice, _) = try await app.json(.post, "/signwell/api/v1/documents/\(id)/send", headers: app.alice, body: [:])
            #expect(twice == .unprocessableContent)
            let (reminded, _) = try await app.json(.post, "/signwell/api/v1/documents/\(id)/remind", headers: app.alice, body: [:])
            #expect(reminded == .created)
            let link = try #require(((sent as? [String: Any])?["recipients"] as? [[String: Any]])?.first?["embedded_signing_url"] as? String)
            let (deleted, _) = try await app.json(.delete, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            #expect(deleted == .noContent)
            let (gone, _) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            #expect(gone == .notFound)
            let (dead, _) = try await app.json(.get, SigningTestApp.path(of: link) + "/session")
            #expect(dead == .notFound)
        }
    }

    @Test func aRecipientHandsTheirPartToSomeoneElse() async throws {
        try await SigningTestApp.with { app in
            let (_, json) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields))
            let document = try #require(json as? [String: Any])
            let id = try #require(document["id"] as? String)
            let link = try #require((document["recipients"] as? [[String: Any]])?.first?["embedded_signing_url"] as? String)
            let (invalid, _) = try await app.json(.post, SigningTestApp.path(of: link) + "/reassign", body: ["name": "Max", "email": "nope"])
            #expect(invalid == .unprocessableContent)
            let (status, _) = try await app.json(
                .post, SigningTestApp.path(of: link) + "/reassign", body: ["name": "Max Mustermann", "email": "max@example.com"])
            #expect(status == .ok)
            let (old, _) = try await app.json(.get, SigningTestApp.path(of: link) + "/session")
            #expect(old == .notFound)
            let (_, after) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            let recipient = try #require(((after as? [String: Any])?["recipients"] as? [[String: Any]])?.first)
            #expect(recipient["name"] as? String == "Max Mustermann")
            let newLink = try #require(recipient["embedded_signing_url"] as? String)
            let (_, session) = try await app.json(.get, SigningTestApp.path(of: newLink) + "/session")
            #expect(((session as? [String: Any])?["recipient"] as? [String: Any])?["email"] as? String == "max@example.com")
        }
    }

    @Test func aDocumentNotSignedBeforeItsExpiryCanNoLongerBeSigned() async throws {
        try await SigningTestApp.with { app in
            let (_, json) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields, extra: ["expires_in": 1]))
            let document = try #require(json as? [String: Any])
            #expect(document["expires_in"] as? Int == 1)
            let link = try #require((document["recipients"] as? [[String: Any]])?.first?["embedded_signing_url"] as? String)
            let (_, session) = try await app.json(.get, SigningTestApp.path(of: link) + "/session")
            #expect((session as? [String: Any])?["state"] as? String == "ready")
            let (tooLong, _) = try await app.json(
                .post, "/signwell/api/v1/documents", headers: app.alice,
                body: SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields, extra: ["expires_in": 0]))
            #expect(tooLong == .unprocessableContent)
        }
    }

    /// A signing-page submission with a drawn signature.
    static func submission(values: [String: Any]) -> [String: Any] {
        [
            "values": values,
            "signature": ["method": "drawn", "image": "data:image/png;base64," + Data(SigningTestApp.signaturePNG).base64EncodedString()],
        ]
    }
}
