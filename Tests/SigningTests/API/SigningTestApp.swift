import Accounts
import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PDF
import Signing
import Storage
import Testing

/// The Signing capability's routes over a fresh database and blob store, with two users
/// (`alice`, `bob`) and their API keys, for tests that drive the SignWell API and the signing
/// session end to end.
struct SigningTestApp {
    /// The client of the running test application.
    let client: any TestClientProtocol
    /// `X-Api-Key` headers of alice.
    let alice: HTTPFields
    /// `X-Api-Key` headers of bob.
    let bob: HTTPFields
    /// The accounts of alice and bob.
    let accounts: AccountStore

    /// Runs `body` against a fresh application.
    static func with(_ body: @escaping @Sendable (SigningTestApp) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { directory in
                try await database.migrate([AccountsMigrations.all, SigningMigrations.all], logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                try await accounts.createUser(name: "alice", password: "alice password")
                try await accounts.createUser(name: "bob", password: "bob password")
                func apiKey(_ user: String) async throws -> HTTPFields {
                    [
                        HTTPField.Name("X-Api-Key")!: try await accounts.createAPIKey(userName: user, label: "signwell").secret,
                        .contentType: "application/json",
                    ]
                }
                let signing = try SigningCapability.open(
                    database: database, blobs: try await FileBlobStore(directory: directory + "/blobs"), accounts: accounts,
                    keysDirectory: directory + "/keys", notary: nil, timeStamper: nil, logger: TestDatabase.logger
                )
                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: SigningCapability.errorFormats))
                signing.addRoutes(to: router)
                let alice = try await apiKey("alice")
                let bob = try await apiKey("bob")
                try await Application(router: router).test(.router) { client in
                    try await body(SigningTestApp(client: client, alice: alice, bob: bob, accounts: accounts))
                }
            }
        }
    }

    /// A PDF of `pages` Letter pages, each saying which page it is.
    static func letterPDF(pages: Int = 1) -> [UInt8] {
        var document = PDFDocument()
        for number in 1...pages {
            var page = PDFPage(size: PDFSize(width: 612, height: 792))
            page.content.drawText("Agreement, page \(number)", at: PDFPoint(x: 72, y: 720), font: .helvetica, size: 14)
            document.pages.append(page)
        }
        return document.serialized()
    }

    /// A PNG of a dark stroke, as the signing page sends a drawn signature.
    static let signaturePNG: [UInt8] = {
        var image = PNGWriter(width: 60, height: 20)
        for x in 5..<55 { image.setPixel(x: x, y: 10, rgba: (0, 0, 120, 255)) }
        return image.encoded()
    }()

    /// Sends `body` as JSON and returns the status and the decoded JSON answer.
    func json(
        _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields? = nil, body: Any? = nil
    ) async throws -> (status: HTTPResponse.Status, json: Any?) {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await client.execute(
            uri: uri, method: method, headers: headers ?? [.contentType: "application/json"],
            body: data.map { ByteBuffer(bytes: $0) }
        ) { response in
            let bytes = Data(response.body.readableBytesView)
            return (response.status, bytes.isEmpty ? nil : try? JSONSerialization.jsonObject(with: bytes))
        }
    }

    /// A browser session of `user` (``HTTPSupport/BrowserSession``): the `Cookie` header that
    /// carries it, and its form token.
    func browserSession(of user: String) async throws -> (cookie: HTTPFields, formToken: String) {
        let principal = try #require(try await accounts.authenticate(userName: user, password: "\(user) password"))
        let token = try await accounts.issueAccessToken(for: principal, lifetime: BrowserSession.lifetime).token
        return ([.cookie: "\(BrowserSession.cookieName)=\(token)"], BrowserSession.formToken(ofSession: token))
    }

    /// The raw bytes of a GET.
    func bytes(_ uri: String, headers: HTTPFields) async throws -> (status: HTTPResponse.Status, bytes: [UInt8], type: String?) {
        try await client.execute(uri: uri, method: .get, headers: headers) { response in
            (response.status, Array(response.body.readableBytesView), response.headers[.contentType])
        }
    }

    /// A create-document body with one file and the given recipients and fields.
    static func createBody(
        pdf: [UInt8] = letterPDF(), recipients: [[String: Any]], fields: [[String: Any]], extra: [String: Any] = [:]
    ) -> [String: Any] {
        var body: [String: Any] = [
            "test_mode": true, "name": "Agreement",
            "files": [["name": "agreement.pdf", "file_base64": Data(pdf).base64EncodedString()]],
            "recipients": recipients, "fields": [fields],
        ]
        body.merge(extra) { $1 }
        return body
    }

    /// The path part of an absolute signing URL.
    static func path(of url: String) -> String {
        URLComponents(string: url)!.path
    }
}
