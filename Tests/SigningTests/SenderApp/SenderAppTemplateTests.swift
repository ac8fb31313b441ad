import Foundation
import HTTPSupport
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// Templates in the web app: made from a document, its recipients becoming roles, and used to
/// send a document with the same files and fields to other people.
@Suite struct SenderAppTemplateTests {
    /// Posts `fields` as a form with `formToken`; returns the status, where it leads and the page.
    static func post(
        _ app: SigningTestApp, _ uri: String, cookie: HTTPFields, formToken: String, _ fields: [(String, String)]
    ) async throws -> (status: HTTPResponse.Status, location: String?, html: String) {
        var headers = cookie
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = FormEncodedQuery.encode(([("form_token", formToken)] + fields).map { (name: $0.0, value: $0.1) })
        return try await app.client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body)) { response in
            (response.status, response.headers[.location], String(buffer: response.body))
        }
    }

    @Test func aDocumentBecomesATemplateThatSendsTheSameFieldsToOtherPeople() async throws {
        try await SigningTestApp.with { app in
            let id = try await SenderAppTests.create(app, name: "Lease")
            let alice = try await app.browserSession(of: "alice")
            let (_, page) = try await SenderAppTests.page(app, "/signing/documents/\(id)", cookie: alice.cookie)
            #expect(page.contains("id=\"save-template\"") && page.contains("name=\"role_1\"") && page.contains("value=\"Signer 2\""))

            let saved = try await Self.post(
                app, "/signing/documents/\(id)/template", cookie: alice.cookie, formToken: alice.formToken,
                [("name", "Lease <standard>"), ("role_1", "Landlord"), ("role_2", "Tenant")])
            #expect(saved.status == .seeOther)
            let templatePage = try #require(saved.location)
            #expect(templatePage.hasPrefix("/signing/templates/") && templatePage.hasSuffix("?done=template-saved"))
            let templateID = String(templatePage.dropFirst("/signing/templates/".count).prefix { $0 != "?" })

            // The API sees the same template: the document's file and fields, the roles in order.
            let (status, json) = try await app.json(.get, "/signwell/api/v1/document_templates/\(templateID)", headers: app.alice)
            #expect(status == .ok)
            let template = try #require(json as? [String: Any])
            #expect((template["placeholders"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Landlord", "Tenant"])
            #expect((template["files"] as? [[String: Any]])?.count == 1)
            #expect((template["fields"] as? [[Any]])?.first?.count == 2)

            let (_, list) = try await SenderAppTests.page(app, "/signing/templates", cookie: alice.cookie)
            #expect(list.contains("Lease &lt;standard&gt;") && list.contains("<td>Landlord, Tenant</td>"))
            let (_, form) = try await SenderAppTests.page(app, templatePage, cookie: alice.cookie)
            #expect(form.contains("The template was saved") && form.contains("Landlord: email"))

            let missing = try await Self.post(
                app, "/signing/templates/\(templateID)", cookie: alice.cookie, formToken: alice.formToken,
                [("name", "Flat 2"), ("name_1", "Lara Lord"), ("email_1", "lara@example.com"), ("delivery", "links")])
            #expect(missing.status == .unprocessableContent && missing.html.contains("id=\"message\""))
            #expect(missing.html.contains("value=\"lara@example.com\""))

            let sent = try await Self.post(
                app, "/signing/templates/\(templateID)", cookie: alice.cookie, formToken: alice.formToken,
                [
                    ("name", "Flat 2"), ("name_1", "Lara Lord"), ("email_1", "lara@example.com"), ("name_2", "Tim Tenant"),
                    ("email_2", "tim@example.com"), ("delivery", "links"),
                ])
            #expect(sent.status == .seeOther)
            let documentID = try #require(sent.location?.split(separator: "/").last?.split(separator: "?").first.map(String.init))
            let (_, made) = try await app.json(.get, "/signwell/api/v1/documents/\(documentID)", headers: app.alice)
            let document = try #require(made as? [String: Any])
            #expect(document["name"] as? String == "Flat 2" && document["status"] as? String == "Sent")
            let recipients = try #require(document["recipients"] as? [[String: Any]])
            #expect(recipients.compactMap { $0["email"] as? String } == ["lara@example.com", "tim@example.com"])
            #expect(recipients.compactMap { $0["name"] as? String } == ["Lara Lord", "Tim Tenant"])
            #expect((document["fields"] as? [[Any]])?.first?.count == 2)

            let bob = try await app.browserSession(of: "bob")
            #expect(try await SenderAppTests.page(app, templatePage, cookie: bob.cookie).status == .notFound)
            let bobsUse = try await Self.post(
                app, "/signing/templates/\(templateID)/delete", cookie: bob.cookie, formToken: bob.formToken, [])
            #expect(bobsUse.status == .notFound)

            let deleted = try await Self.post(
                app, "/signing/templates/\(templateID)/delete", cookie: alice.cookie, formToken: alice.formToken, [])
            #expect(deleted.status == .seeOther && deleted.location == "/signing/templates?done=template-deleted")
            #expect(try await app.json(.get, "/signwell/api/v1/document_templates/\(templateID)", headers: app.alice).0 == .notFound)
        }
    }

    @Test func rolesNeedNamesOfTheirOwn() async throws {
        try await SigningTestApp.with { app in
            let id = try await SenderAppTests.create(app, name: "Lease")
            let alice = try await app.browserSession(of: "alice")
            for fields in [
                [("name", "T"), ("role_1", "Party"), ("role_2", "party")], [("name", "T"), ("role_1", "Party"), ("role_2", " ")],
                [("name", " "), ("role_1", "A"), ("role_2", "B")],
            ] {
                let refused = try await Self.post(app, "/signing/documents/\(id)/template", cookie: alice.cookie, formToken: alice.formToken, fields)
                #expect(refused.status == .unprocessableContent, "\(fields)")
            }
            let (_, list) = try await SenderAppTests.page(app, "/signing/templates", cookie: alice.cookie)
            #expect(list.contains("id=\"no-templates\""))
        }
    }
}
