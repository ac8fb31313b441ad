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

    /// A `multipart/form-data` body of `fields` and one file, with its content type.
    static func multipart(_ fields: [(String, String)], file: (name: String, bytes: [UInt8])?) -> (type: String, body: ByteBuffer) {
        let boundary = "sender-app-test-boundary"
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        if let file {
            body.writeString(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.name)\"\r\nContent-Type: application/pdf\r\n\r\n")
            body.writeBytes(file.bytes)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return ("multipart/form-data; boundary=\(boundary)", body)
    }

    /// Posts the new-document form; returns the status, where it leads and the page.
    static func postNewDocument(
        _ app: SigningTestApp, cookie: HTTPFields, _ fields: [(String, String)], file: (name: String, bytes: [UInt8])?
    ) async throws -> (status: HTTPResponse.Status, location: String?, html: String) {
        let (type, body) = multipart(fields, file: file)
        var headers = cookie
        headers[.contentType] = type
        return try await app.client.execute(uri: "/signing/documents/new", method: .post, headers: headers, body: body) { response in
            (response.status, response.headers[.location], String(buffer: response.body))
        }
    }

    @Test func aNewDocumentIsUploadedPreparedWithPlacedFieldsAndSent() async throws {
        try await SigningTestApp.with { app in
            let alice = try await app.browserSession(of: "alice")
            let (formStatus, form) = try await Self.page(app, "/signing/documents/new", cookie: alice.cookie)
            #expect(formStatus == .ok && form.contains("enctype=\"multipart/form-data\"") && form.contains("value=\"\(alice.formToken)\""))
            let pdf = (name: "offer.pdf", bytes: SigningTestApp.letterPDF(pages: 2))
            let recipients = [
                ("recipient_name", "Jane Doe"), ("recipient_email", "jane@example.com"), ("recipient_name", "John Roe"),
                ("recipient_email", "john@example.com"), ("delivery", "links"), ("name", "Offer"),
            ]

            let forged = try await Self.postNewDocument(app, cookie: alice.cookie, recipients + [("form_token", "forged")], file: pdf)
            #expect(forged.status == .forbidden)
            let noRecipient = try await Self.postNewDocument(app, cookie: alice.cookie, [("form_token", alice.formToken)], file: pdf)
            #expect(noRecipient.status == .unprocessableContent && noRecipient.html.contains("Add at least one recipient."))
            let badEmail = try await Self.postNewDocument(
                app, cookie: alice.cookie, [("form_token", alice.formToken), ("recipient_name", "Jane"), ("recipient_email", "no address")], file: pdf
            )
            #expect(badEmail.status == .unprocessableContent && badEmail.html.contains("value=\"no address\""))
            let (_, before) = try await app.json(.get, "/signwell/api/v1/documents", headers: app.alice)
            #expect(((before as? [String: Any])?["documents"] as? [Any])?.isEmpty == true)

            let created = try await Self.postNewDocument(app, cookie: alice.cookie, recipients + [("form_token", alice.formToken)], file: pdf)
            #expect(created.status == .seeOther)
            let prepare = try #require(created.location)
            let id = try #require(prepare.split(separator: "/").dropLast().last.map(String.init))
            #expect(prepare == "/signing/documents/\(id)/prepare")
            let (_, draft) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            #expect((draft as? [String: Any])?["status"] as? String == "Draft")
            #expect((draft as? [String: Any])?["embedded_signing"] as? Bool == true)

            let (pageStatus, page, policy) = try await app.client.execute(uri: prepare, method: .get, headers: alice.cookie) { response in
                (response.status, String(buffer: response.body), response.headers[.contentSecurityPolicy] ?? "")
            }
            #expect(pageStatus == .ok && policy.contains("script-src 'self'") && policy.contains("worker-src 'self'"))
            #expect(
                page.contains(
                    "data-pages=\"[{&quot;file&quot;:0,&quot;filePage&quot;:1,&quot;height&quot;:1056,&quot;number&quot;:1,&quot;width&quot;:816}"))
            #expect(page.contains("data-type=\"signature\" data-width=\"180"))
            let (pdfStatus, bytes, pdfType) = try await app.bytes("/signing/documents/\(id)/current.pdf", headers: alice.cookie)
            #expect(pdfStatus == .ok && pdfType == "application/pdf" && bytes.starts(with: Array("%PDF-".utf8)))

            func place(_ fields: [[[String: Any]]], token: String?) async throws -> (HTTPResponse.Status, [String: Any]) {
                var headers = alice.cookie
                headers[.contentType] = "application/json"
                if let token { headers[BrowserSession.formTokenHeader] = token }
                let body = try JSONSerialization.data(withJSONObject: ["fields": fields])
                return try await app.client.execute(uri: prepare, method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
                    (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:])
                }
            }
            let textOnly: [[[String: Any]]] = [[["type": "text", "recipient_id": "1", "page": 1, "x": 100, "y": 100]]]
            #expect(try await place(textOnly, token: nil).0 == .forbidden)
            let (unsignable, problem) = try await place(textOnly, token: alice.formToken)
            #expect(unsignable == .unprocessableContent && (problem["message"] as? String ?? "").contains("needs fields"))
            let fields: [[[String: Any]]] = [
                [
                    ["type": "signature", "recipient_id": "1", "page": 2, "x": 120, "y": 700, "width": 180, "height": 48, "required": true],
                    ["type": "signature", "recipient_id": "2", "page": 1, "x": 400, "y": 640, "width": 180, "height": 48, "required": true],
                ]
            ]
            let (sent, answer) = try await place(fields, token: alice.formToken)
            #expect(sent == .ok && answer["location"] as? String == "/signing/documents/\(id)?done=sent")
            let (_, document) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            let json = try #require(document as? [String: Any])
            #expect(json["status"] as? String == "Sent")
            let placed = try #require((json["fields"] as? [[[String: Any]]])?.first)
            #expect(
                placed.map { "\($0["recipient_id"] ?? "") p\($0["page"] ?? "") \($0["x"] ?? ""),\($0["y"] ?? "")" } == [
                    "1 p2 120,700", "2 p1 400,640",
                ])

            let (_, sentPage) = try await Self.page(app, "/signing/documents/\(id)?done=sent", cookie: alice.cookie)
            #expect(sentPage.contains("was sent for signature") && sentPage.contains("id=\"signing-links\""))
            #expect(sentPage.contains("/signwell/sign/"))
            let (again, _) = try await place(fields, token: alice.formToken)
            #expect(again == .conflict)
            let (afterSend, _) = try await app.client.execute(uri: prepare, method: .get, headers: alice.cookie) { response in
                (response.status, response.headers[.location])
            }
            #expect(afterSend == .seeOther)
        }
    }

    @Test func malformedRequestsGetA4xx() async throws {
        try await SigningTestApp.with { app in
            let alice = try await app.browserSession(of: "alice")
            #expect(try await Self.page(app, "/signing/documents?page=0", cookie: alice.cookie).status == .badRequest)
            #expect(try await Self.page(app, "/signing/documents?page=x", cookie: alice.cookie).status == .badRequest)
            let notMultipart = try await Self.post(app, "/signing/documents/new", cookie: alice.cookie, formToken: alice.formToken)
            #expect(notMultipart.status == .unsupportedMediaType)
            let id = try await Self.create(app, name: "Lease")
            var headers = alice.cookie
            headers[.contentType] = "application/json"
            headers[BrowserSession.formTokenHeader] = alice.formToken
            let (status, type) = try await app.client.execute(
                uri: "/signing/documents/\(id)/prepare", method: .post, headers: headers, body: ByteBuffer(string: "{not json")
            ) { response in (response.status, response.headers[.contentType]) }
            #expect(status == .badRequest && type == "application/json")
            #expect(try await Self.page(app, "/signing/documents/no-such-id/current.pdf", cookie: alice.cookie).status == .notFound)
        }
    }
}
