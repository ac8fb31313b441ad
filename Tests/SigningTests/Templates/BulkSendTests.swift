import Foundation
import HTTPSupport
import HTTPTypes
import Testing

@testable import Signing

/// `/bulk_sends`: the CSV template, validating a CSV, sending one document per row, and
/// listing bulk sends and their documents.
@Suite struct BulkSendTests {
    /// `text` as `bulk_send_csv` carries it.
    static func base64(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }

    /// The lease template's CSV header.
    static let leaseColumns = "tenant_email,tenant_name,landlord_email,landlord_name,tenant_address,tenant_pets,landlord_term"

    @Test func theCSVTemplateHasAColumnPairPerPlaceholderAndOnePerPresettableField() async throws {
        try await TemplateAPIFixture.with { api in
            let lease = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let addendum = try await api.createTemplate(TemplateAPIFixture.addendumTemplate(), as: api.keys.alice)
            // As the Python SDK sends it: the brackets percent-encoded.
            let raw = try await api.call(.get, "/bulk_sends/csv_template?template_ids%5B%5D=\(lease)", as: api.keys.alice)
            #expect(raw.status == .ok)
            #expect(raw.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(String(decoding: raw.body, as: UTF8.self) == Self.leaseColumns + "\r\n")

            let both = try await api.call(
                .get, "/bulk_sends/csv_template?template_ids[]=\(lease)&template_ids[]=\(addendum)&base64=true", as: api.keys.alice)
            #expect(both.status == .ok)
            let data = try #require(both.string("data").flatMap { Data(base64Encoded: $0) })
            #expect(String(decoding: data, as: UTF8.self) == Self.leaseColumns + ",tenant_move_in_date\r\n")

            #expect(try await api.call(.get, "/bulk_sends/csv_template?template_ids[]=\(lease)", as: api.keys.bob).status == .notFound)
            #expect(try await api.call(.get, "/bulk_sends/csv_template", as: api.keys.alice).status == .unprocessableContent)
        }
    }

    @Test func validatingReportsEachBadRowWithItsData() async throws {
        try await TemplateAPIFixture.with { api in
            let lease = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let csv = """
                "Tenant Email",Tenant Name,Tenant Pets,Landlord Term\r
                tom@example.com,Tom,yes,12 months\r
                not-an-email,Tina,no,\r
                tim@example.com,Tim,perhaps,forever\r
                ,,,\r

                """
            let reply = try await api.call(
                .post, "/bulk_sends/validate_csv", as: api.keys.alice,
                body: [
                    "template_ids": [lease], "bulk_send_csv": Self.base64(csv),
                ])
            #expect(reply.status == .unprocessableContent)
            let rows = reply.array("errors.bulk_send_csv").compactMap { $0 as? [String: Any] }
            #expect(rows.map { $0["row"] as? Int } == [3, 4])
            #expect((rows[0]["data"] as? [String: String])?["tenant_email"] == "not-an-email")
            #expect((rows[0]["data"] as? [String: String])?["tenant_name"] == "Tina")
            #expect(rows[0]["errors"] as? [String] == ["The column tenant_email has an invalid email address: not-an-email."])
            #expect(
                rows[1]["errors"] as? [String] == [
                    "The column tenant_pets must be true or false for a checkbox.",
                    "The column landlord_term must be one of the options: 12 months, 24 months.",
                ])

            let good = "tenant_email,tenant_name\r\ntom@example.com,Tom\r\ntina@example.com,\r\n"
            let valid = try await api.call(
                .post, "/bulk_sends/validate_csv", as: api.keys.alice,
                body: [
                    "template_ids": [lease], "bulk_send_csv": Self.base64(good),
                ])
            #expect(valid.status == .ok)
            #expect(valid.string("bulk_send_csv") == Self.base64(good))
            #expect(valid.array("template_ids") as? [String] == [lease])
            #expect(valid["skip_row_errors"] as? Bool == false)
            #expect(valid.string("name") == "Lease")
            #expect(valid.string("subject") == "Please sign the lease")
            #expect(valid["documents_count"] as? Int == 2)
            #expect(try await api.call(.get, "/documents", as: api.keys.alice)["total_count"] as? Int == 0)
        }
    }

    @Test func unusableFilesAreRefusedAsAWhole() async throws {
        try await TemplateAPIFixture.with { api in
            let lease = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            func problems(_ csv: String) async throws -> [String] {
                let reply = try await api.call(
                    .post, "/bulk_sends", as: api.keys.alice,
                    body: [
                        "template_ids": [lease], "bulk_send_csv": Self.base64(csv), "skip_row_errors": true,
                    ])
                #expect(reply.status == .unprocessableContent)
                return reply.array("errors.bulk_send_csv") as? [String] ?? []
            }
            #expect(
                try await problems("tenant_name,tenant_phone\nTom,555\n") == [
                    "has unknown columns: tenant_phone (the columns of these templates are: \(Self.leaseColumns.replacingOccurrences(of: ",", with: ", ")))",
                    "has no column tenant_email for placeholder Tenant, which has fields",
                ])
            #expect(try await problems("tenant_email,Tenant Email\na@example.com,b@example.com\n") == ["has the column tenant_email twice"])
            #expect(try await problems("tenant_email\n") == ["has no rows: add one row per document under the header"])
            #expect(try await problems("\n\n") == ["is empty: it needs a header row naming its columns, then one row per document"])
            #expect(try await problems("tenant_email\n\"unclosed\n")[0] == "is not a valid CSV file: line 2: a quoted cell is never closed")
            let notBase64 = try await api.call(
                .post, "/bulk_sends", as: api.keys.alice, body: ["template_ids": [lease], "bulk_send_csv": "*** not base64 ***"])
            #expect(notBase64.status == .unprocessableContent)
            #expect((notBase64["errors"] as? [String: [String]])?["bulk_send_csv"] != nil)
            #expect(try await api.call(.get, "/documents", as: api.keys.alice)["total_count"] as? Int == 0)
        }
    }

    @Test func aBulkSendMakesOneDocumentPerRowAndListsThem() async throws {
        try await TemplateAPIFixture.with { api in
            let lease = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let csv =
                "\u{FEFF}Tenant Email,Tenant Name,Tenant Address,Landlord Email\r\n"
                + "tom@example.com,\"Thumb, Tom\",\"1 Main St\r\nFlat 2\",\r\n"
                + "tina@example.com,Tina,2 High St,larry@example.com\r\n"
                + "tim@example.com,,\"3 \"\"The Lodge\"\"\","
            let reply = try await api.call(
                .post, "/bulk_sends", as: api.keys.alice,
                body: [
                    "template_ids": [lease], "bulk_send_csv": Self.base64(csv), "name": "Spring leases", "subject": "Your lease",
                ])
            #expect(reply.status == .created, "\(String(decoding: reply.body, as: UTF8.self))")
            let id = try #require(reply.string("id"))
            #expect(reply["documents_count"] as? Int == 3)
            #expect(reply.array("template_ids") as? [String] == [lease])
            #expect(reply.string("status") == "Sent")
            #expect(reply.string("name") == "Spring leases")
            #expect(reply.array("skipped_rows").isEmpty)

            let list = try await api.call(.get, "/bulk_sends", as: api.keys.alice)
            #expect(list.status == .ok)
            #expect(list["total_count"] as? Int == 1)
            #expect(list.string("bulk_sends.0.id") == id)
            #expect(list["bulk_sends.0.documents_count"] as? Int == 3)
            #expect(list["bulk_sends.0.documents_completed"] as? Int == 0)
            #expect(list["bulk_sends.0.documents_not_completed"] as? Int == 3)

            let detail = try await api.call(.get, "/bulk_sends/\(id)", as: api.keys.alice)
            #expect(detail.string("templates.0.id") == lease)
            #expect(detail.string("templates.0.name") == "Lease")

            let page1 = try await api.call(.get, "/bulk_sends/\(id)/documents?limit=2", as: api.keys.alice)
            #expect(page1.status == .ok)
            #expect(page1.string("id") == id)
            #expect(page1["total_count"] as? Int == 3)
            #expect(page1["next_page"] as? Int == 2)
            let documents = page1.array("documents").compactMap { $0 as? [String: Any] }
            #expect(documents.count == 2)
            func recipients(_ document: [String: Any]) -> [String] {
                (document["recipients"] as? [[String: Any]] ?? []).compactMap { $0["email"] as? String }
            }
            #expect(recipients(documents[0]) == ["tom@example.com", "lena@example.com"])
            #expect(recipients(documents[1]) == ["tina@example.com", "larry@example.com"])
            #expect((documents[0]["recipients"] as? [[String: Any]])?.first?["name"] as? String == "Thumb, Tom")
            #expect(documents.allSatisfy { $0["name"] as? String == "Spring leases" && $0["subject"] as? String == "Your lease" })
            #expect(documents.allSatisfy { $0["template_id"] as? String == lease && $0["status"] as? String == "Sent" })
            func address(_ document: [String: Any]) -> String? {
                ((document["fields"] as? [[Any]])?.first as? [[String: Any]])?.first { $0["api_id"] as? String == "tenant_address" }?["value"]
                    as? String
            }
            #expect(address(documents[0]) == "1 Main St\r\nFlat 2")
            let page2 = try await api.call(.get, "/bulk_sends/\(id)/documents?limit=2&page=2", as: api.keys.alice)
            let last = try #require(page2.array("documents").first as? [String: Any])
            #expect(recipients(last) == ["tim@example.com", "lena@example.com"])
            #expect(address(last) == "3 \"The Lodge\"")
            #expect(try await api.call(.get, "/documents", as: api.keys.alice)["total_count"] as? Int == 3)

            // A deleted document leaves the bulk send.
            let deletedID = try #require(documents[1]["id"] as? String)
            #expect(try await api.call(.delete, "/documents/\(deletedID)", as: api.keys.alice).status == .noContent)
            #expect(try await api.call(.get, "/bulk_sends/\(id)", as: api.keys.alice)["documents_count"] as? Int == 2)

            #expect(try await api.call(.get, "/bulk_sends/\(id)", as: api.keys.bob).string("meta.error") == "record_not_found")
            #expect(try await api.call(.get, "/bulk_sends/\(id)/documents", as: api.keys.bob).status == .notFound)
            #expect(try await api.call(.get, "/bulk_sends", as: api.keys.bob)["total_count"] as? Int == 0)
            #expect(try await api.call(.get, "/bulk_sends/\(id)", as: api.keys.admin).status == .ok)
        }
    }

    @Test func rowErrorsRefuseTheBulkSendUnlessSkipped() async throws {
        try await TemplateAPIFixture.with { api in
            let lease = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(), as: api.keys.alice)
            let csv = "tenant_email,tenant_name\ntom@example.com,Tom\n,Nobody\n"
            let refused = try await api.call(
                .post, "/bulk_sends", as: api.keys.alice, body: ["template_ids": [lease], "bulk_send_csv": Self.base64(csv)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused["errors.bulk_send_csv.0.row"] as? Int == 3)
            #expect(refused["errors.bulk_send_csv.0.errors"] as? [String] == ["The column tenant_email needs the email of the Tenant."])
            #expect(try await api.call(.get, "/documents", as: api.keys.alice)["total_count"] as? Int == 0)
            #expect(try await api.call(.get, "/bulk_sends", as: api.keys.alice)["total_count"] as? Int == 0)

            let skipped = try await api.call(
                .post, "/bulk_sends", as: api.keys.alice,
                body: [
                    "template_ids": [lease], "bulk_send_csv": Self.base64(csv), "skip_row_errors": true,
                ])
            #expect(skipped.status == .created)
            #expect(skipped["documents_count"] as? Int == 1)
            #expect(skipped["skipped_rows.0.row"] as? Int == 3)
            #expect(try await api.call(.get, "/documents", as: api.keys.alice)["total_count"] as? Int == 1)

            let draft = try await api.createTemplate(TemplateAPIFixture.leaseTemplate(draft: true), as: api.keys.alice)
            let fromDraft = try await api.call(
                .post, "/bulk_sends", as: api.keys.alice, body: ["template_ids": [draft], "bulk_send_csv": Self.base64(csv)])
            #expect(fromDraft.status == .unprocessableContent)
            #expect((fromDraft["errors"] as? [String: [String]])?["template_ids[0]"] != nil)
        }
    }
}
