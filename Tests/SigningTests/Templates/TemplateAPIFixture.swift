import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PDF
import Storage
import Testing

@testable import Signing

/// The SignWell API with the template and bulk-send routes, built as the server builds it, over
/// a fresh database and blob store, with three users: `alice` and `bob`, plain members, and
/// `root`, an administrator, each with an API key.
struct TemplateAPIFixture: Sendable {
    /// The API keys of the users.
    struct Keys: Sendable {
        let alice: String
        let bob: String
        let admin: String
    }

    /// What the API answered: the status and the JSON body, if it was JSON.
    struct Reply: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: Data

        /// The body parsed as JSON.
        var json: Any? { try? JSONSerialization.jsonObject(with: body) }

        /// The value at a dotted path such as `recipients.0.email` (numbers index arrays).
        subscript(path: String) -> Any? {
            path.split(separator: ".").reduce(json) { value, component in
                if let index = Int(component), let array = value as? [Any] { return array.indices.contains(index) ? array[index] : nil }
                return (value as? [String: Any])?[String(component)]
            }
        }

        /// The string at `path`.
        func string(_ path: String) -> String? { self[path] as? String }
        /// The array at `path` (empty when there is none).
        func array(_ path: String) -> [Any] { self[path] as? [Any] ?? [] }
    }

    let client: any TestClientProtocol
    let keys: Keys
    let service: SigningService

    /// The public base URL the API is configured with.
    static let baseURL = "https://sign.example"

    /// Runs `body` with a fresh fixture on this run's database engine.
    static func with(_ body: @escaping @Sendable (TemplateAPIFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { directory in
                _ = try await database.migrate([AccountsMigrations.all, SigningMigrations.all], logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                try await accounts.createUser(name: "alice", password: "alice password")
                try await accounts.createUser(name: "bob", password: "bob password")
                try await accounts.createUser(name: "root", password: "root password", groups: [Group.administrators])
                let keys = Keys(
                    alice: try await accounts.createAPIKey(userName: "alice", label: "test").secret,
                    bob: try await accounts.createAPIKey(userName: "bob", label: "test").secret,
                    admin: try await accounts.createAPIKey(userName: "root", label: "test").secret
                )
                let blobs = try await FileBlobStore(directory: directory + "/blobs")
                let capability = try SigningCapability.open(
                    database: database, blobs: blobs, accounts: accounts, keysDirectory: directory + "/keys",
                    notary: nil, timeStamper: nil, logger: TestDatabase.logger
                )
                let api = SignWellAPI(
                    accounts: accounts, service: capability.service, renderer: DocumentRenderer(links: capability.service.links),
                    hooks: HookRoutes(database: database, secrets: WebhookSecrets(key: SymmetricKey(size: .bits256)), policy: .standard)
                )
                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: SigningCapability.errorFormats))
                router.add(middleware: ForwardedHeadersMiddleware(publicURL: PublicOrigin(url: baseURL), trustForwardedHeaders: false))
                let group = router.group("signwell/api/v1").add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
                api.addDocumentRoutes(to: group)
                TemplateRoutes(api: api).add(to: group)
                BulkSendRoutes(api: api).add(to: group)
                let service = capability.service
                try await Application(router: router).test(.router) { client in
                    try await body(TemplateAPIFixture(client: client, keys: keys, service: service))
                }
            }
        }
    }

    /// Sends `method path` (under `/signwell/api/v1`) with API key `key` and `body` as JSON.
    func call(_ method: HTTPRequest.Method, _ path: String, as key: String, body: [String: Any]? = nil) async throws -> Reply {
        var headers: HTTPFields = [HTTPField.Name("X-Api-Key")!: key]
        var buffer: ByteBuffer?
        if let body {
            headers[.contentType] = "application/json"
            buffer = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body))
        }
        let response = try await client.executeRequest(uri: "/signwell/api/v1" + path, method: method, headers: headers, body: buffer)
        return Reply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
    }

    /// Creates a template as `key` and returns its id, expecting a 201.
    func createTemplate(_ body: [String: Any], as key: String) async throws -> String {
        let reply = try await call(.post, "/document_templates", as: key, body: body)
        #expect(reply.status == .created, "\(String(decoding: reply.body, as: UTF8.self))")
        return try #require(reply.string("id"))
    }

    /// A PDF of `pages` A4 pages, each with `title` and its page number written on it.
    static func pdf(_ title: String, pages: Int = 1) -> [UInt8] {
        var document = PDFDocument(info: PDFDocumentInfo(title: title))
        for number in 1...pages {
            var page = PDFPage(size: PDFSize(width: 595, height: 842))
            page.content.drawText("\(title), page \(number)", at: PDFPoint(x: 72, y: 770), font: .helvetica, size: 14)
            document.pages.append(page)
        }
        return document.serialized()
    }

    /// A file member of a request: `name` with a PDF of `pages` pages in base64.
    static func file(_ name: String, pages: Int = 1) -> [String: Any] {
        ["name": name, "file_base64": Data(pdf(name, pages: pages)).base64EncodedString()]
    }

    /// A lease template: two pages, placeholders Tenant and Landlord (Landlord preassigned to
    /// Lena Lord), a copied Accountant; the tenant signs and fills `tenant_address` and the
    /// `pets` checkbox, the landlord signs and picks a `term`.
    static func leaseTemplate(name: String = "Lease", draft: Bool = false) -> [String: Any] {
        [
            "name": name,
            "subject": "Please sign the lease",
            "message": "Here is the lease.",
            "draft": draft,
            "files": [file("lease.pdf", pages: 2)],
            "placeholders": [
                ["id": "tenant", "name": "Tenant"],
                ["id": "landlord", "name": "Landlord", "preassigned_recipient_name": "Lena Lord", "preassigned_recipient_email": "lena@example.com"],
            ],
            "copied_placeholders": [["name": "Accountant", "preassigned_recipient_email": "books@example.com"]],
            "fields": [
                [
                    ["x": 100, "y": 600, "page": 2, "placeholder_id": "tenant", "type": "signature", "api_id": "tenant_signature"],
                    ["x": 100, "y": 200, "page": 1, "placeholder_id": "tenant", "type": "text", "api_id": "tenant_address", "label": "Address"],
                    ["x": 100, "y": 260, "page": 1, "placeholder_id": "tenant", "type": "checkbox", "api_id": "pets", "value": "f"],
                    ["x": 300, "y": 600, "page": 2, "placeholder_id": "landlord", "type": "signature"],
                    [
                        "x": 300, "y": 300, "page": 1, "placeholder_id": "landlord", "type": "dropdown", "api_id": "term",
                        "options": ["12 months", "24 months"],
                    ],
                    ["x": 300, "y": 300, "page": 9, "placeholder_id": "landlord", "type": "initials"],
                ]
            ],
            "attachment_requests": [["name": "Passport", "placeholder_id": "tenant", "required": true]],
            "metadata": ["kind": "lease"],
            "labels": [["name": "Housing"]],
            "reminders": false,
        ]
    }

    /// A one-page addendum template: the Tenant (the same person as the lease's, spelled in
    /// lowercase) initials it and gives a `move_in` date.
    static func addendumTemplate() -> [String: Any] {
        [
            "name": "Addendum",
            "files": [file("addendum.pdf")],
            "placeholders": [["id": "1", "name": "tenant"]],
            "fields": [
                [
                    ["x": 50, "y": 50, "page": 1, "placeholder_id": "1", "type": "initials", "api_id": "addendum_initials"],
                    [
                        "x": 50, "y": 150, "page": 1, "placeholder_id": "1", "type": "date", "api_id": "move_in", "label": "Move-in date",
                        "date_format": "DD/MM/YYYY",
                    ],
                ]
            ],
        ]
    }
}
