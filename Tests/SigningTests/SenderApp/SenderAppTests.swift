import Foundation
import HTTPSupport
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// The web app for senders over the real Signing capability: what a signed-in person sees of
/// their documents, and the actions of a document's page.
@Suite struct SenderAppTests {
    static var recipients: [[String: Any]] {
        [
            ["id": "1", "name": "Jane Doe", "email": "jane@example.com"],
            ["id": "2", "name": "John <b>Roe</b>", "email": "john@example.com"],
        ]
    }

    static var fields: [[String: Any]] {
        [
            ["x": 72, "y": 600, "page": 1, "recipient_id": "1", "type": "signature"],
            ["x": 400, "y": 600, "page": 1, "recipient_id": "2", "type": "signature"],
        ]
    }

    /// Creates alice's document named `name` through the API and returns its id.
    static func create(_ app: SigningTestApp, name: String) async throws -> String {
        var body = SigningTestApp.createBody(recipients: recipients, fields: fields)
        body["name"] = name
        body["embedded_signing"] = true
        let (status, json) = try await app.json(.post, "/signwell/api/v1/documents", headers: app.alice, body: body)
        #expect(status == .created)
        return try #require((json as? [String: Any])?["id"] as? String)
    }

    /// The page at `uri` as `cookie` sees it.
    static func page(_ app: SigningTestApp, _ uri: String, cookie: HTTPFields) async throws -> (status: HTTPResponse.Status, html: String) {
        try await app.client.execute(uri: uri, method: .get, headers: cookie) { response in
            (response.status, String(buffer: response.body))
        }
    }

    /// Posts a document page's `action` form with `formToken`; returns the status and where it leads.
    static func post(
        _ app: SigningTestApp, _ uri: String, cookie: HTTPFields, formToken: String?
    ) async throws -> (status: HTTPResponse.Status, location: String?) {
        var headers = cookie
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await app.client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: formToken.map { "form_token=\($0)" } ?? "")
        ) { response in (response.status, response.headers[.location]) }
    }

    @Test func aSenderSeesTheirDocumentsWithWhoHasSignedAndNobodyElsesSeeThem() async throws {
        try await SigningTestApp.with { app in
            let id = try await Self.create(app, name: "Lease <2027>")
            let alice = try await app.browserSession(of: "alice")
            let (status, list) = try await Self.page(app, "/signing/documents", cookie: alice.cookie)
            #expect(status == .ok)
            #expect(list.contains("<a href=\"/signing/documents/\(id)\">Lease &lt;2027&gt;</a>"))
            #expect(list.contains("<td class=\"signed\">0 of 2</td>"))
            #expect(list.contains("John &lt;b&gt;Roe&lt;/b&gt;") && !list.contains("<b>Roe"))
            #expect(list.contains("action=\"/sign-out\"") && list.contains("value=\"\(alice.formToken)\""))
            let (_, completedOnly) = try await Self.page(app, "/signing/documents?status=completed", cookie: alice.cookie)
            #expect(completedOnly.contains("id=\"no-documents\"") && !completedOnly.contains(id))
            let (badStatus, _) = try await Self.page(app, "/signing/documents?status=lost", cookie: alice.cookie)
            #expect(badStatus == .badRequest)

            let bob = try await app.browserSession(of: "bob")
            let (_, bobsList) = try await Self.page(app, "/signing/documents", cookie: bob.cookie)
            #expect(bobsList.contains("id=\"no-documents\"") && !bobsList.contains(id))
            let (bobsView, bobsPage) = try await Self.page(app, "/signing/documents/\(id)", cookie: bob.cookie)
            #expect(bobsView == .notFound && !bobsPage.contains("Lease"))
            let (bobsAction, _) = try await Self.post(app, "/signing/documents/\(id)/delete", cookie: bob.cookie, formToken: bob.formToken)
            #expect(bobsAction == .notFound)
            let (stillThere, _) = try await Self.page(app, "/signing/documents/\(id)", cookie: alice.cookie)
            #expect(stillThere == .ok)
        }
    }

    @Test func aDocumentsPageShowsItsRecipientsAndTrailAndItsActionsChangeIt() async throws {
        try await SigningTestApp.with { app in
            let id = try await Self.create(app, name: "Lease")
            let alice = try await app.browserSession(of: "alice")
            let (_, page) = try await Self.page(app, "/signing/documents/\(id)", cookie: alice.cookie)
            #expect(page.contains("<dd id=\"document-status\">Sent</dd>"))
            #expect(page.contains("jane@example.com") && page.contains("John &lt;b&gt;Roe&lt;/b&gt;"))
            #expect(page.contains("action=\"/signing/documents/\(id)/remind\""))
            #expect(!page.contains("id=\"completed-pdf\""))

            let (forged, _) = try await Self.post(app, "/signing/documents/\(id)/remind", cookie: alice.cookie, formToken: "forged")
            #expect(forged == .forbidden)
            let (_, noReminder) = try await Self.page(app, "/signing/documents/\(id)", cookie: alice.cookie)
            #expect(noReminder.contains("<span class=\"kind\">created</span>") && !noReminder.contains("<span class=\"kind\">reminded</span>"))

            let reminded = try await Self.post(app, "/signing/documents/\(id)/remind", cookie: alice.cookie, formToken: alice.formToken)
            #expect(reminded.status == .seeOther && reminded.location == "/signing/documents/\(id)?done=reminded")
            let (_, afterReminder) = try await Self.page(app, try #require(reminded.location), cookie: alice.cookie)
            #expect(afterReminder.contains("were reminded"))
            #expect(afterReminder.contains("<span class=\"kind\">reminded</span> · Jane Doe"))

            let canceled = try await Self.post(app, "/signing/documents/\(id)/cancel", cookie: alice.cookie, formToken: alice.formToken)
            #expect(canceled.status == .seeOther)
            let (_, document) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            #expect((document as? [String: Any])?["status"] as? String == "Canceled")
            let (_, afterCancel) = try await Self.page(app, "/signing/documents/\(id)", cookie: alice.cookie)
            #expect(!afterCancel.contains("/remind\"") && afterCancel.contains("/delete\""))
            let (again, _) = try await Self.post(app, "/signing/documents/\(id)/cancel", cookie: alice.cookie, formToken: alice.formToken)
            #expect(again == .conflict)
            let (notCompleted, _) = try await Self.page(app, "/signing/documents/\(id)/completed.pdf", cookie: alice.cookie)
            #expect(notCompleted == .notFound)

            let deleted = try await Self.post(app, "/signing/documents/\(id)/delete", cookie: alice.cookie, formToken: alice.formToken)
            #expect(deleted.status == .seeOther && deleted.location == "/signing/documents?done=deleted")
            let (gone, _) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            #expect(gone == .notFound)
        }
    }

    @Test func withoutASignInThePagesLeadToTheSignInPage() async throws {
        try await SigningTestApp.with { app in
            let (status, location) = try await app.client.execute(uri: "/signing/documents?status=sent", method: .get) { response in
                (response.status, response.headers[.location])
            }
            #expect(status == .seeOther)
            #expect(location == "/sign-in?next=%2Fsigning%2Fdocuments%3Fstatus%3Dsent")
            let (stylesheet, type) = try await app.client.execute(uri: "/signing/assets/sender-app.css", method: .get) { response in
                (response.status, response.headers[.contentType])
            }
            #expect(stylesheet == .ok && type == "text/css; charset=utf-8")
        }
    }
}
