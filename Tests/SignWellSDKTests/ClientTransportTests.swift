import Foundation
import SignWellSDK
import Synchronization
import Testing

/// What the client sends over HTTP, and how it reads what comes back, against a real HTTP
/// server that records requests.
@Suite struct ClientTransportTests {
    static let document =
        #"{"id": "doc-1", "test_mode": true, "status": "Sent", "recipients": [{"id": "1", "name": "Jane", "email": "jane@example.com", "embedded_signing_url": "http://x/sign/1"}]}"#
    static let template = #"{"id": "tpl-1", "name": "NDA", "placeholders": [{"id": "client", "name": "Client"}]}"#
    static let bulkSend =
        #"{"id": "bulk-1", "template_ids": ["tpl-1"], "documents_count": 2, "created_at": "2025-07-04T15:20:00Z", "status": "processing"}"#
    static let emptyPage = #""current_page": 1, "next_page": null, "previous_page": null, "total_count": 0, "total_pages": 0"#

    static func client(_ server: RecordingServer) -> SignWellClient {
        SignWellClient(baseURL: server.url.appendingPathComponent("api/v1"), apiKey: "key-123")
    }

    @Test func sendsTheKeyTheMediaTypesAndAJSONBody() async throws {
        try await RecordingServer.with([.init(method: "POST", path: "/api/v1/documents", status: 201, body: Self.document)]) { server in
            let document = try await Self.client(server).createDocument(TestRequests.contract(name: "Over the wire"))
            #expect(document.recipients?.first?.embeddedSigningURL == "http://x/sign/1")
            let request = try #require(try server.requests().first)
            #expect(request.method == "POST")
            #expect(request.target == "/api/v1/documents")
            #expect(request.headers["x-api-key"] == "key-123")
            #expect(request.headers["accept"] == "application/json")
            #expect(request.headers["content-type"] == "application/json")
            let body = try #require(try JSONSerialization.jsonObject(with: request.bodyData) as? [String: Any])
            #expect(body["name"] as? String == "Over the wire")
            #expect(body["embedded_signing"] as? Bool == true)
            #expect(body["draft"] == nil)
        }
    }

    @Test func reachesEveryEndpointWithItsMethodPathAndQuery() async throws {
        let routes: [RecordingServer.Route] = [
            .init(method: "GET", path: "/api/v1/documents", body: #"{"documents": [], \#(Self.emptyPage)}"#),
            .init(method: "POST", path: "/api/v1/documents/doc%2F1/send", status: 201, body: Self.document),
            .init(method: "POST", path: "/api/v1/documents/doc-1/remind", status: 201),
            .init(method: "PATCH", path: "/api/v1/documents/doc-1/recipients", body: Self.document),
            .init(method: "DELETE", path: "/api/v1/documents/doc-1", status: 204),
            .init(
                method: "GET", path: "/api/v1/documents/doc-1/completed_pdf", body: #"{"file_url": "https://files.example.com/doc-1.pdf?sig=abc"}"#),
            .init(method: "POST", path: "/api/v1/document_templates", status: 201, body: Self.template),
            .init(method: "GET", path: "/api/v1/document_templates/tpl-1", body: Self.template),
            .init(method: "PUT", path: "/api/v1/document_templates/tpl-1", body: Self.template),
            .init(method: "DELETE", path: "/api/v1/document_templates/tpl-1", status: 204),
            .init(method: "GET", path: "/api/v1/document_templates", body: #"{"templates": [\#(Self.template)], \#(Self.emptyPage)}"#),
            .init(method: "POST", path: "/api/v1/document_templates/documents", status: 201, body: Self.document),
            .init(method: "POST", path: "/api/v1/bulk_sends", status: 201, body: Self.bulkSend),
            .init(method: "GET", path: "/api/v1/bulk_sends/bulk-1", body: Self.bulkSend),
            .init(method: "GET", path: "/api/v1/bulk_sends", body: #"{"bulk_sends": [\#(Self.bulkSend)], \#(Self.emptyPage)}"#),
            .init(method: "GET", path: "/api/v1/bulk_sends/bulk-1/documents", body: #"{"documents": [\#(Self.document)], \#(Self.emptyPage)}"#),
            .init(method: "GET", path: "/api/v1/bulk_sends/csv_template", headers: ["Content-Type": "text/csv"], body: "Client_name,Client_email\n"),
            .init(method: "POST", path: "/api/v1/bulk_sends/validate_csv", body: #"{"template_ids": ["tpl-1"], "bulk_send_csv": "YQ=="}"#),
            .init(
                method: "POST", path: "/api/v1/hooks", status: 201,
                body: #"{"id": "hook-1", "callback_url": "https://app.example.com/events", "secret": "whsec_1"}"#),
            .init(method: "GET", path: "/api/v1/hooks", body: #"[{"id": "hook-1", "callback_url": "https://app.example.com/events"}]"#),
            .init(method: "DELETE", path: "/api/v1/hooks/hook-1", status: 204),
            .init(
                method: "GET", path: "/api/v1/me",
                body: #"{"id": "m1", "role": "admin", "user": {"id": "u1", "name": "Admin", "email": "admin@example.com"}}"#),
            .init(
                method: "GET", path: "/api/v1/api_applications/app-1",
                body: ##"{"id": "app-1", "name": "Portal", "preferences": {"primary_color": "#123456", "buttons_border_radius": 4}}"##),
            .init(method: "DELETE", path: "/api/v1/api_applications/app-1", status: 204),
        ]
        try await RecordingServer.with(routes) { server in
            let client = Self.client(server)
            _ = try await client.documents(page: 2, limit: 10, query: "name:Q3 & Q4 AND fee:1+1")
            _ = try await client.sendDocument("doc/1")
            try await client.sendReminder(forDocument: "doc-1")
            _ = try await client.updateRecipients(ofDocument: "doc-1", [RecipientUpdate(id: "1", name: "Jo", email: "jo@example.com")])
            try await client.deleteDocument("doc-1")
            #expect(
                try await client.completedPDFURL("doc-1", auditPage: false, fileFormat: .zip).absoluteString
                    == "https://files.example.com/doc-1.pdf?sig=abc")
            let template = try await client.createTemplate(
                CreateTemplateRequest(files: [], placeholders: [Placeholder(id: "client", name: "Client")]))
            #expect(template.placeholders?.first?.name == "Client")
            _ = try await client.template("tpl-1")
            var update = UpdateTemplateRequest()
            update.name = "NDA v2"
            _ = try await client.updateTemplate("tpl-1", update)
            try await client.deleteTemplate("tpl-1")
            #expect(try await client.templates(limit: 5).templates.map(\.id) == ["tpl-1"])
            _ = try await client.createDocument(fromTemplate: CreateDocumentFromTemplateRequest(templateID: "tpl-1", recipients: []))
            let bulk = try await client.createBulkSend(BulkSendRequest(templateIDs: ["tpl-1"], csv: Data("a".utf8)))
            #expect(bulk.documentsCount == 2)
            #expect(bulk.createdAt == Date(timeIntervalSince1970: 1_751_642_400))
            _ = try await client.bulkSend("bulk-1")
            _ = try await client.bulkSends(page: 1, userEmail: "a@example.com")
            #expect(try await client.bulkSendDocuments("bulk-1", page: 1).documents.map(\.id) == ["doc-1"])
            #expect(try await client.bulkSendCSVTemplate(templateIDs: ["tpl-1", "tpl-2"]) == Data("Client_name,Client_email\n".utf8))
            #expect(try await client.validateBulkSendCSV(BulkSendRequest(templateIDs: ["tpl-1"], csv: Data("a".utf8))).bulkSendCSV == "YQ==")
            #expect(try await client.createWebhook(callbackURL: "https://app.example.com/events").secret == "whsec_1")
            #expect(try await client.webhooks().map(\.id) == ["hook-1"])
            try await client.deleteWebhook("hook-1")
            #expect(try await client.me().user.email == "admin@example.com")
            #expect(try await client.apiApplication("app-1").preferences?["buttons_border_radius"] == .number(4))
            try await client.deleteAPIApplication("app-1")

            let requests = try server.requests()
            #expect(
                requests.map { "\($0.method) \($0.target)" } == [
                    "GET /api/v1/documents?page=2&limit=10&query=name:Q3%20%26%20Q4%20AND%20fee:1%2B1",
                    "POST /api/v1/documents/doc%2F1/send",
                    "POST /api/v1/documents/doc-1/remind",
                    "PATCH /api/v1/documents/doc-1/recipients",
                    "DELETE /api/v1/documents/doc-1",
                    "GET /api/v1/documents/doc-1/completed_pdf?url_only=true&audit_page=false&file_format=zip",
                    "POST /api/v1/document_templates",
                    "GET /api/v1/document_templates/tpl-1",
                    "PUT /api/v1/document_templates/tpl-1",
                    "DELETE /api/v1/document_templates/tpl-1",
                    "GET /api/v1/document_templates?limit=5",
                    "POST /api/v1/document_templates/documents",
                    "POST /api/v1/bulk_sends",
                    "GET /api/v1/bulk_sends/bulk-1",
                    "GET /api/v1/bulk_sends?user_email=a@example.com&page=1",
                    "GET /api/v1/bulk_sends/bulk-1/documents?page=1",
                    "GET /api/v1/bulk_sends/csv_template?template_ids%5B%5D=tpl-1&template_ids%5B%5D=tpl-2",
                    "POST /api/v1/bulk_sends/validate_csv",
                    "POST /api/v1/hooks",
                    "GET /api/v1/hooks",
                    "DELETE /api/v1/hooks/hook-1",
                    "GET /api/v1/me",
                    "GET /api/v1/api_applications/app-1",
                    "DELETE /api/v1/api_applications/app-1",
                ])
            #expect(requests.allSatisfy { $0.headers["x-api-key"] == "key-123" })
            #expect(String(decoding: requests[2].bodyData, as: UTF8.self) == "{}")
            #expect(String(decoding: requests[3].bodyData, as: UTF8.self) == #"{"recipients":[{"email":"jo@example.com","id":"1","name":"Jo"}]}"#)
            #expect(String(decoding: requests[18].bodyData, as: UTF8.self) == #"{"callback_url":"https://app.example.com/events"}"#)
        }
    }

    @Test func downloadsACompletedPDFWithProgress() async throws {
        let chunk = "%PDF-1.7 0123456789abcdef\n"
        let times = 200_000
        try await RecordingServer.with([
            .init(
                method: "GET", path: "/api/v1/documents/doc-1/completed_pdf", headers: ["Content-Type": "application/pdf"], body: chunk, times: times)
        ]) { server in
            let reports = Mutex<[(Int64, Int64?)]>([])
            let pdf = try await Self.client(server).completedPDF("doc-1", auditPage: false) { received, total in
                reports.withLock { $0.append((received, total)) }
            }
            let expected = Int64(chunk.utf8.count * times)
            #expect(Int64(pdf.count) == expected)
            #expect(pdf.prefix(9) == Data("%PDF-1.7 ".utf8))
            let seen = reports.withLock { $0 }
            #expect(seen.count > 2)
            #expect(seen.last?.0 == expected)
            #expect(seen.allSatisfy { $0.1 == expected })
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.0 <= $1.0 })
            let request = try #require(try server.requests().first)
            #expect(request.target == "/api/v1/documents/doc-1/completed_pdf?audit_page=false&file_format=pdf")
            #expect(request.headers["accept"] == "application/octet-stream")
        }
    }

    @Test func aChallengeIsA401NotAHang() async throws {
        let refusal = RecordingServer.Route(
            method: "GET", path: "/api/v1/documents/doc-1", status: 401,
            headers: ["WWW-Authenticate": #"Basic realm="signwell""#, "Content-Type": "application/json"], body: #"{"message": "Unauthorized"}"#
        )
        let download = RecordingServer.Route(
            method: "GET", path: "/api/v1/documents/doc-1/completed_pdf", status: 401, headers: ["WWW-Authenticate": #"Basic realm="signwell""#]
        )
        try await RecordingServer.with([refusal, download]) { server in
            let client = Self.client(server)
            let plain = await #expect(throws: SignWellError.self) { _ = try await client.document("doc-1") }
            #expect(plain?.statusCode == 401)
            let observed = await #expect(throws: SignWellError.self) { _ = try await client.completedPDF("doc-1") { _, _ in } }
            #expect(observed?.statusCode == 401)
        }
    }

    @Test func readsARateLimitAndAnAnswerItCannotUse() async throws {
        try await RecordingServer.with([
            .init(method: "GET", path: "/api/v1/documents", status: 429, headers: ["Retry-After": "7"], body: #"{"error": "Too many requests"}"#),
            .init(method: "GET", path: "/api/v1/documents/doc-1", body: #"{"id": 5, "test_mode": true}"#),
        ]) { server in
            let client = Self.client(server)
            let limited = await #expect(throws: SignWellError.self) { _ = try await client.documents() }
            #expect(limited?.reason == .rateLimited("Too many requests"))
            #expect(limited?.retryAfter == 7)
            let unreadable = await #expect(throws: SignWellError.self) { _ = try await client.document("doc-1") }
            guard case .unreadableAnswer(let problem)? = unreadable?.reason else {
                Issue.record("a document whose id is a number is unreadable, not \(String(describing: unreadable))")
                return
            }
            #expect(problem.hasPrefix("id: "))
            #expect(unreadable?.statusCode == 200)
        }
    }
}
