import Foundation
import HTTPTypes
import Testing

/// Documents, templates and bulk sends that name an API application.
@Suite struct APIApplicationDocumentsTests {
    static var recipients: [[String: Any]] { [["id": "1", "name": "Jane Doe", "email": "jane@example.com"]] }
    static var fields: [[String: Any]] { [["x": 72, "y": 600, "page": 1, "recipient_id": "1", "type": "signature"]] }

    @Test func aDocumentMayNameOnlyItsOwnersApplications() async throws {
        try await SigningTestApp.with { app in
            let (made, application) = try await app.json(.post, "/signwell/api/v1/api_applications", headers: app.alice, body: ["name": "Portal"])
            #expect(made == .created)
            let id = try #require((application as? [String: Any])?["id"] as? String)

            let own = SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields, extra: ["api_application_id": id])
            let (status, document) = try await app.json(.post, "/signwell/api/v1/documents", headers: app.alice, body: own)
            #expect(status == .created)
            #expect((document as? [String: Any])?["api_application_id"] as? String == id)

            for (key, applicationID) in [(app.bob, id), (app.alice, "no-such-application")] {
                let body = SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields, extra: ["api_application_id": applicationID])
                let (refused, json) = try await app.json(.post, "/signwell/api/v1/documents", headers: key, body: body)
                #expect(refused == .unprocessableContent)
                #expect(((json as? [String: Any])?["errors"] as? [String: Any])?["api_application_id"] != nil)
            }
            let (_, list) = try await app.json(.get, "/signwell/api/v1/documents", headers: app.bob)
            #expect((list as? [String: Any])?["total_count"] as? Int == 0, "the refused document was not made")
        }
    }

    @Test func aTemplateMayNameOnlyItsOwnersApplications() async throws {
        try await SigningTestApp.with { app in
            let template: [String: Any] = [
                "name": "T", "api_application_id": "no-such-application",
                "files": [["name": "t.pdf", "file_base64": Data(SigningTestApp.letterPDF()).base64EncodedString()]],
                "placeholders": [["id": "1", "name": "Client"]],
                "fields": [[["x": 72, "y": 600, "page": 1, "placeholder_id": "1", "type": "signature"]]],
            ]
            let (status, json) = try await app.json(.post, "/signwell/api/v1/document_templates", headers: app.alice, body: template)
            #expect(status == .unprocessableContent)
            #expect(((json as? [String: Any])?["errors"] as? [String: Any])?["api_application_id"] != nil)
        }
    }

    @Test func theSigningPageWearsTheApplicationsColours() async throws {
        try await SigningTestApp.with { app in
            let preferences: [String: Any] = ["primary_color": "#7a1f5c", "buttons_border_radius": 0]
            let (_, application) = try await app.json(
                .post, "/signwell/api/v1/api_applications", headers: app.alice, body: ["name": "Brand", "preferences": preferences])
            let id = try #require((application as? [String: Any])?["id"] as? String)
            for (applicationID, expected) in [(id as String?, "#7a1f5c" as String?), (nil, nil)] {
                var extra: [String: Any] = [:]
                extra["api_application_id"] = applicationID
                let (_, created) = try await app.json(
                    .post, "/signwell/api/v1/documents", headers: app.alice,
                    body: SigningTestApp.createBody(recipients: Self.recipients, fields: Self.fields, extra: extra)
                )
                let link = try #require(((created as? [String: Any])?["recipients"] as? [[String: Any]])?.first?["embedded_signing_url"] as? String)
                let (status, session) = try await app.json(.get, SigningTestApp.path(of: link) + "/session")
                #expect(status == .ok)
                let branding = (session as? [String: Any])?["branding"] as? [String: Any]
                #expect(branding?["primary_color"] as? String == expected)
                if expected != nil {
                    #expect(branding?["buttons_border_radius"] as? Int == 0)
                    #expect(branding?["link_text_color"] is NSNull)
                }
            }
        }
    }
}
