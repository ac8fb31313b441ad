import Accounts
import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Repository
import Storage
import Testing

/// The Repository console's pages, through the routes `RepositoryCapability.addRoutes` adds,
/// behind the same error middleware as the server: sign-in, listings, document pages, blob
/// downloads, queries, access control and escaping.
@Suite("Repository console")
struct RepositoryConsoleTests {
    /// What a test gets: the fixture, the client of the routes, and content made by the
    /// administrator under `/default-domain/workspaces/ws`.
    struct Console: Sendable {
        let fixture: RepositoryFixture
        let client: any TestClientProtocol
        let content: Content

        /// `GET uri` as `user` (with the fixture's password), or with no credentials.
        func get(_ uri: String, as user: String? = "Administrator", headers extra: HTTPFields = [:]) async throws -> Page {
            var headers = extra
            if let user { headers[.authorization] = RepositoryConsoleTests.basic(user) }
            return try await client.execute(uri: uri, method: .get, headers: headers) { response in
                Page(status: response.status, headers: response.headers, body: response.body)
            }
        }
    }

    /// A response, its body as text and bytes.
    struct Page: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: ByteBuffer
        var text: String { String(buffer: body) }
        var bytes: [UInt8] { Array(body.readableBytesView) }
    }

    /// The documents every test starts with.
    struct Content: Sendable {
        let workspace: Document
        let folder: Document
        let file: Document
        let note: Document
        let mainBytes: [UInt8]
        let attachmentBytes: [UInt8]
    }

    static let passwords = ["Administrator": "administrator password", "alice": "alice password", "bob": "bob password"]
    /// A title no page may put into HTML as it is.
    static let hostileTitle = "Report <script>alert(\"x\")</script> & 'co'"
    static let blobName = "notes <1>.txt"

    static func basic(_ user: String) -> String {
        "Basic " + Data("\(user):\(passwords[user] ?? "wrong")".utf8).base64EncodedString()
    }

    /// Runs `body` against the Repository's routes over a fresh fixture with the content.
    static func withConsole(_ body: @escaping @Sendable (Console) async throws -> Void) async throws {
        try await RepositoryFixture.with { fixture in
            try await TemporaryDirectory.with { keys in
                let capability = try await RepositoryCapability.open(
                    database: fixture.repository.database, blobs: fixture.repository.blobs, accounts: fixture.accounts,
                    keysDirectory: keys, logger: TestDatabase.logger
                )
                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: RepositoryCapability.errorFormats))
                capability.addRoutes(to: router)
                let content = try await makeContent(fixture)
                try await Application(router: router).test(.router) { client in
                    try await body(Console(fixture: fixture, client: client, content: content))
                }
            }
        }
    }

    /// A workspace `ws` holding a Folder, a Note and a File with a hostile title, subjects,
    /// a two-line description, a main blob of 1,500 bytes and one attachment.
    static func makeContent(_ fixture: RepositoryFixture) async throws -> Content {
        let repository = fixture.repository
        let workspace = try await fixture.workspace("ws")
        let folder = try await repository.create(
            type: "Folder", name: "sub", properties: ["dc:title": "Sub folder"], in: workspace, for: fixture.admin)
        let mainBytes = (0..<1500).map { UInt8($0 % 251) }
        let attachmentBytes = Array("attached text\n".utf8)
        let main = try await store(mainBytes, in: repository.blobs)
        let attachment = try await store(attachmentBytes, in: repository.blobs)
        let mainBlob = BlobInfo(name: blobName, mimeType: "text/plain", digest: main.digest.hex, length: main.size)
        let attachmentBlob = BlobInfo(name: "attached.txt", mimeType: "text/plain", digest: attachment.digest.hex, length: attachment.size)
        let file = try await repository.create(
            type: "File", name: "report",
            properties: [
                "dc:title": .string(hostileTitle),
                "dc:description": "first line\nsecond <line>",
                "dc:subjects": .array(["alpha", "<beta>"]),
                "file:content": mainBlob.stored,
                "files:files": .array([.object(["file": attachmentBlob.stored])]),
            ], in: workspace, serverBlobs: [mainBlob, attachmentBlob], for: fixture.admin)
        let note = try await repository.create(
            type: "Note", name: "memo", properties: ["dc:title": "Memo", "note:note": "hello"], in: workspace, for: fixture.admin)
        return Content(workspace: workspace, folder: folder, file: file, note: note, mainBytes: mainBytes, attachmentBytes: attachmentBytes)
    }

    static func store(_ bytes: [UInt8], in blobs: any BlobStore) async throws -> StoredBlob {
        try await blobs.write(
            AsyncStream { continuation in
                continuation.yield(ByteBuffer(bytes: bytes))
                continuation.finish()
            })
    }

    /// Expects a console HTML page with the console's headers.
    static func expectPage(_ page: Page, status: HTTPResponse.Status = .ok, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(page.status == status, "\(page.text.prefix(300))", sourceLocation: sourceLocation)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8", sourceLocation: sourceLocation)
        #expect(
            page.headers[.contentSecurityPolicy]
                == "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; "
                + "form-action 'self'; frame-ancestors 'none'",
            sourceLocation: sourceLocation)
        #expect(page.headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
        #expect(page.headers[.cacheControl] == "no-store", sourceLocation: sourceLocation)
        // No script but the console's own file, on the pages that send files.
        let scripts = page.text.components(separatedBy: "<script").count - 1
        let uploadScripts = page.text.components(separatedBy: "<script src=\"/repository/assets/upload.js\" defer></script>").count - 1
        #expect(scripts == uploadScripts, sourceLocation: sourceLocation)
        #expect(!page.text.contains("style="), sourceLocation: sourceLocation)
        #expect(page.text.contains("<link rel=\"stylesheet\" href=\"/repository/assets/console.css\">"), sourceLocation: sourceLocation)
    }

    /// How many rows of documents a listing or results table has.
    static func rowCount(_ page: Page) -> Int {
        page.text.components(separatedBy: "<tr data-id=").count - 1
    }

    // MARK: Sign-in

    @Test("every page asks for credentials with a Basic challenge; the stylesheet does not")
    func signInRequired() async throws {
        try await Self.withConsole { console in
            let id = console.content.file.id
            for uri in [
                "/repository", "/repository/browse", "/repository/browse?path=/default-domain", "/repository/document/\(id)",
                "/repository/document/\(id)/blob", "/repository/query?q=SELECT+*+FROM+Document", "/repository/no/such/page",
            ] {
                let page = try await console.get(uri, as: nil)
                Self.expectPage(page, status: .unauthorized)
                #expect(page.headers[values: .wwwAuthenticate].contains { $0.hasPrefix("Basic realm=\"Nuxeo\"") }, "\(uri)")
                #expect(page.text.contains("<h1>Sign-in required</h1>"), "\(uri)")
                #expect(page.text.contains("href=\"/sign-in?next=%2Frepository\""), "\(uri)")
                #expect(!page.text.contains(Self.hostileTitle.htmlEscapedForTests) && !page.text.contains("report"), "\(uri)")
            }
            let wrong = try await console.get("/repository/browse", as: "nobody")
            Self.expectPage(wrong, status: .unauthorized)

            let stylesheet = try await console.get("/repository/assets/console.css", as: nil)
            #expect(stylesheet.status == .ok)
            #expect(stylesheet.headers[.contentType] == "text/css; charset=utf-8")
            #expect(stylesheet.text.contains("nav.breadcrumb"))
        }
    }

    @Test("API keys sign in too, as the Nuxeo API accepts them; /repository leads to the root")
    func otherCredentials() async throws {
        try await Self.withConsole { console in
            let key = try await console.fixture.accounts.createAPIKey(userName: "alice", label: "console").secret
            let page = try await console.get(
                "/repository/browse?path=/default-domain/workspaces", as: nil, headers: [HTTPField.Name("X-Api-Key")!: key])
            Self.expectPage(page)
            #expect(page.text.contains("Signed in as <strong id=\"user\">alice</strong>"))
            #expect(!page.text.contains("action=\"/sign-out\""))

            let root = try await console.get("/repository")
            #expect(root.status == .seeOther)
            #expect(root.headers[.location] == "/repository/browse?path=/")
        }
    }

    @Test("the browser's sign-in opens the console; an ended one counts as none, and HTTP Basic still decides")
    func browserSession() async throws {
        try await Self.withConsole { console in
            let alice = try #require(try await console.fixture.accounts.authenticate(userName: "alice", password: Self.passwords["alice"]!))
            let token = try await console.fixture.accounts.issueAccessToken(for: alice, lifetime: BrowserSession.lifetime).token
            let cookie: HTTPFields = [.cookie: "\(BrowserSession.cookieName)=\(token)"]
            let page = try await console.get("/repository/browse?path=/default-domain/workspaces", as: nil, headers: cookie)
            Self.expectPage(page)
            #expect(page.text.contains("Signed in as <strong id=\"user\">alice</strong>"))
            #expect(page.text.contains("action=\"/sign-out\"") && page.text.contains(BrowserSession.formToken(ofSession: token)))

            try await console.fixture.accounts.revokeAccessToken(token)
            let ended = try await console.get("/repository/browse?path=/default-domain/workspaces", as: nil, headers: cookie)
            #expect(ended.status == .unauthorized)
            let basic = try await console.get("/repository/browse?path=/default-domain/workspaces", as: "bob", headers: cookie)
            Self.expectPage(basic)
            #expect(basic.text.contains("Signed in as <strong id=\"user\">bob</strong>"))
            #expect(!basic.text.contains("action=\"/sign-out\""))
        }
    }

    // MARK: Browsing

    @Test("a folder lists its children with title, type, last change and size, under a breadcrumb")
    func folderListing() async throws {
        try await Self.withConsole { console in
            let content = console.content
            let page = try await console.get("/repository/browse?path=/default-domain/workspaces/ws")
            Self.expectPage(page)
            let html = page.text
            #expect(html.contains("<h1>ws</h1>"))
            #expect(html.contains("<a href=\"/repository/browse?path=/\">Root</a>"))
            #expect(html.contains("<a href=\"/repository/browse?path=/default-domain\">default-domain</a>"))
            #expect(html.contains("<a href=\"/repository/browse?path=/default-domain/workspaces\">workspaces</a>"))
            #expect(html.contains("<span aria-current=\"page\">ws</span>"))
            #expect(html.contains("<a class=\"folder\" href=\"/repository/browse?id=\(content.folder.id)\">Sub folder</a>"))
            #expect(html.contains("<a href=\"/repository/document/\(content.file.id)\">\(Self.hostileTitle.htmlEscapedForTests)</a>"))
            #expect(html.contains("<a href=\"/repository/document/\(content.note.id)\">Memo</a>"))
            #expect(html.contains("<td>File</td>") && html.contains("<td>Folder</td>") && html.contains("<td>Note</td>"))
            #expect(html.contains("<span title=\"1500 bytes\">1.5 kB</span>"))
            #expect(html.contains("Page 1 of 1 · 3 documents"))
            #expect(!html.contains("<script>alert"))
            #expect(Self.rowCount(page) == 3)
            let year = Calendar(identifier: .gregorian).component(.year, from: Date())
            #expect(html.contains("<time datetime=\"\(year)-"))

            let byID = try await console.get("/repository/browse?id=\(content.workspace.id)")
            Self.expectPage(byID)
            #expect(byID.text.contains("<h1>ws</h1>") && Self.rowCount(byID) == 3)

            let root = try await console.get("/repository/browse")
            Self.expectPage(root)
            #expect(root.text.contains("<span aria-current=\"page\">Root</span>"))
            #expect(root.text.contains("<h1>Root</h1>") && root.text.contains("<title>Root · Chancery Repository</title>"))
            #expect(root.text.contains(">Domain</a>"))
        }
    }

    @Test("listings page, with links to the previous and next pages, and refuse bad paging with a 400 page")
    func paging() async throws {
        try await Self.withConsole { console in
            for index in 1...3 {
                _ = try await console.fixture.repository.create(
                    type: "Note", name: "n\(index)", properties: [:], in: console.content.workspace, for: console.fixture.admin)
            }
            let id = console.content.workspace.id
            let first = try await console.get("/repository/browse?id=\(id)&pageSize=2")
            Self.expectPage(first)
            #expect(Self.rowCount(first) == 2)
            #expect(first.text.contains("Page 1 of 3 · 6 documents"))
            #expect(first.text.contains("<a rel=\"next\" href=\"/repository/browse?id=\(id)&amp;page=2&amp;pageSize=2\">Next page</a>"))
            #expect(!first.text.contains("rel=\"prev\""))

            let last = try await console.get("/repository/browse?id=\(id)&page=3&pageSize=2")
            #expect(Self.rowCount(last) == 2)
            #expect(last.text.contains("<a rel=\"prev\" href=\"/repository/browse?id=\(id)&amp;page=2&amp;pageSize=2\">Previous page</a>"))
            #expect(!last.text.contains("rel=\"next\""))

            let past = try await console.get("/repository/browse?id=\(id)&page=9&pageSize=2")
            #expect(Self.rowCount(past) == 0 && past.text.contains("There is nothing on this page."))

            for bad in ["page=0", "page=abc", "pageSize=0", "pageSize=5000"] {
                let page = try await console.get("/repository/browse?id=\(id)&\(bad)")
                Self.expectPage(page, status: .badRequest)
                #expect(page.text.contains("must be a whole number from"), "\(bad)")
            }
        }
    }

    @Test("browsing a document that is not a folder leads to its page")
    func browseDocument() async throws {
        try await Self.withConsole { console in
            let page = try await console.get("/repository/browse?id=\(console.content.file.id)")
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/repository/document/\(console.content.file.id)")
        }
    }

    // MARK: Documents

    @Test("a document's page shows its facts, every property readably, and its local and inherited ACL")
    func documentPage() async throws {
        try await Self.withConsole { console in
            let repository = console.fixture.repository
            var file = try await repository.addPermissions(
                [AccessControlEntry(principal: "alice", permission: "ReadWrite", isGranted: true, creator: "Administrator")],
                to: console.content.file, for: console.fixture.admin
            )
            file = try await repository.lock(file, for: console.fixture.admin)
            let page = try await console.get("/repository/document/\(file.id)")
            Self.expectPage(page)
            let html = page.text
            let escapedTitle = Self.hostileTitle.htmlEscapedForTests
            #expect(html.contains("<h1 id=\"title\">\(escapedTitle)</h1>"))
            #expect(html.contains("<title>\(escapedTitle) · Chancery Repository</title>"))
            #expect(!html.contains("<script>alert"))
            #expect(html.contains("<dd id=\"fact-path\"><code>/default-domain/workspaces/ws/report</code></dd>"))
            #expect(html.contains("<dd id=\"fact-uid\"><code>\(file.id)</code></dd>"))
            #expect(html.contains("<dd id=\"fact-type\">File</dd>"))
            #expect(html.contains("<dd id=\"fact-state\">project</dd>"))
            #expect(html.contains("<dd id=\"fact-version\">0.0</dd>"))
            #expect(html.contains("<dd id=\"fact-lock\">Locked by Administrator since <time"))
            #expect(html.contains("<li>Versionable</li>") && html.contains("<li>Downloadable</li>"))
            #expect(html.contains("<dd id=\"fact-flags\">Checked out</dd>"))

            // Properties: one table per schema, every field, values readable and escaped.
            for schema in ["common", "file", "dublincore", "uid", "files", "relatedtext"] {
                #expect(html.contains("<table class=\"properties\" id=\"schema-\(schema)\">"), "\(schema)")
            }
            #expect(html.contains("<caption>dublincore (dc)</caption>"))
            #expect(
                html.contains(
                    "<tr data-key=\"dc:subjects\"><th scope=\"row\"><code>dc:subjects</code></th><td class=\"value\"><ol><li>alpha</li><li>&lt;beta&gt;</li></ol></td></tr>"
                ))
            #expect(html.contains("<td class=\"value\">first line\nsecond &lt;line&gt;</td>"))
            #expect(
                html.contains(
                    "<tr data-key=\"dc:rights\"><th scope=\"row\"><code>dc:rights</code></th><td class=\"value\"><span class=\"empty\">not set</span></td></tr>"
                ))
            #expect(
                html.contains("<tr data-key=\"dc:creator\"><th scope=\"row\"><code>dc:creator</code></th><td class=\"value\">Administrator</td></tr>")
            )
            #expect(html.contains("<tr data-key=\"dc:created\"><th scope=\"row\"><code>dc:created</code></th><td class=\"value\"><time datetime="))
            #expect(
                html.contains(
                    "<a class=\"blob\" href=\"/repository/document/\(file.id)/blob?xpath=file:content\">notes &lt;1&gt;.txt</a> <span class=\"meta\">text/plain · <span title=\"1500 bytes\">1.5 kB</span></span>"
                ))
            #expect(
                html.contains(
                    "<ol><li><dl class=\"complex\"><dt>file</dt><dd><a class=\"blob\" href=\"/repository/document/\(file.id)/blob?xpath=files:files/0/file\">attached.txt</a>"
                ))
            #expect(
                html.contains(
                    "<a id=\"download-main\" href=\"/repository/document/\(file.id)/blob?xpath=blobholder:0\">Download notes &lt;1&gt;.txt</a>"))
            #expect(html.contains("<a id=\"parent-link\" href=\"/repository/browse?path=/default-domain/workspaces/ws\">"))

            // ACL: alice's local entry, the root's entries inherited.
            #expect(html.contains("<table id=\"local-acl\">"))
            #expect(
                html.contains(
                    "<tr><td>alice</td><td>ReadWrite</td><td><span class=\"granted\">Granted</span></td><td>Administrator</td><td></td><td></td><td>effective</td></tr>"
                ))
            #expect(html.contains("<table id=\"inherited-acl\">"))
            #expect(html.contains("<tr><td>members</td><td>Read</td><td><span class=\"granted\">Granted</span></td>"))
            #expect(html.contains("<tr><td>Administrator</td><td>Everything</td>"))

            // A folder's page links to its listing, and says when it has no local entries.
            let folder = try await console.get("/repository/document/\(console.content.folder.id)")
            #expect(folder.text.contains("<a id=\"open-folder\" href=\"/repository/browse?id=\(console.content.folder.id)\">Open this folder</a>"))
            #expect(folder.text.contains("<p class=\"empty\" id=\"local-acl\">Local: no entries.</p>"))
            #expect(!folder.text.contains("download-main"))
        }
    }

    @Test("blob links download the bytes as an attachment, ranges included")
    func blobDownload() async throws {
        try await Self.withConsole { console in
            let id = console.content.file.id
            let main = try await console.get("/repository/document/\(id)/blob?xpath=file:content")
            #expect(main.status == .ok)
            #expect(main.bytes == console.content.mainBytes)
            #expect(main.headers[.contentType] == "text/plain")
            #expect(main.headers[.contentDisposition] == "attachment; filename*=UTF-8''notes%20%3C1%3E.txt")

            let byDefault = try await console.get("/repository/document/\(id)/blob")
            #expect(byDefault.bytes == console.content.mainBytes)

            let attachment = try await console.get("/repository/document/\(id)/blob?xpath=files%3Afiles%2F0%2Ffile")
            #expect(attachment.status == .ok)
            #expect(attachment.bytes == console.content.attachmentBytes)
            #expect(attachment.headers[.contentDisposition] == "attachment; filename*=UTF-8''attached.txt")

            let part = try await console.get("/repository/document/\(id)/blob?xpath=file:content", headers: [.range: "bytes=10-19"])
            #expect(part.status == .partialContent)
            #expect(part.bytes == Array(console.content.mainBytes[10..<20]))

            let none = try await console.get("/repository/document/\(id)/blob?xpath=dc:title")
            Self.expectPage(none, status: .notFound)
            let noteBlob = try await console.get("/repository/document/\(console.content.note.id)/blob")
            Self.expectPage(noteBlob, status: .notFound)
        }
    }

    // MARK: Access control

    @Test("readers get 403 pages for what they may not read, 404 pages for what is not there, and never see hidden documents listed")
    func accessControl() async throws {
        try await Self.withConsole { console in
            let repository = console.fixture.repository
            let admin = console.fixture.admin
            var secret = try await repository.create(
                type: "Folder", name: "secret", properties: ["dc:title": "Secret plans"], in: console.content.workspace, for: admin)
            secret = try await repository.addPermissions([], to: secret, blockInheritance: true, for: admin)
            let insideBlob = BlobInfo(
                name: "inside.txt", mimeType: "text/plain",
                digest: console.content.file.properties["file:content"]!.objectValue!["digest"]!.stringValue!, length: 1500
            )
            let inside = try await repository.create(
                type: "File", name: "inside",
                properties: [
                    "dc:title": "Inside", "file:content": insideBlob.stored,
                ], in: secret, serverBlobs: [insideBlob], for: admin)
            // Hidden from bob, who is denied Read on the note itself.
            _ = try await repository.addPermissions(
                [AccessControlEntry(principal: "bob", permission: "Read", isGranted: false)], to: console.content.note, for: admin)

            let asAdmin = try await console.get("/repository/browse?id=\(console.content.workspace.id)")
            #expect(asAdmin.text.contains("Secret plans") && Self.rowCount(asAdmin) == 4)

            let asAlice = try await console.get("/repository/browse?id=\(console.content.workspace.id)", as: "alice")
            Self.expectPage(asAlice)
            #expect(!asAlice.text.contains("Secret plans") && !asAlice.text.contains(secret.id))
            #expect(asAlice.text.contains("Memo") && Self.rowCount(asAlice) == 3)
            #expect(asAlice.text.contains("3 documents"))

            let asBob = try await console.get("/repository/browse?id=\(console.content.workspace.id)", as: "bob")
            #expect(!asBob.text.contains("Memo") && !asBob.text.contains(console.content.note.id))
            #expect(Self.rowCount(asBob) == 2)
            Self.expectPage(try await console.get("/repository/document/\(console.content.note.id)", as: "bob"), status: .forbidden)

            for uri in [
                "/repository/document/\(secret.id)", "/repository/browse?id=\(secret.id)",
                "/repository/browse?path=/default-domain/workspaces/ws/secret",
                "/repository/document/\(inside.id)", "/repository/document/\(inside.id)/blob",
            ] {
                let page = try await console.get(uri, as: "alice")
                Self.expectPage(page, status: .forbidden)
                #expect(page.text.contains("<h1>Not allowed</h1>"), "\(uri)")
                #expect(!page.text.contains("secret") && !page.text.contains("Secret plans") && !page.text.contains("inside"), "\(uri)")
            }
            for uri in [
                "/repository/document/\(UUID().uuidString.lowercased())", "/repository/browse?path=/no/such/folder",
                "/repository/browse?id=%3Cscript%3E", "/repository/document/%3Cb%3Eid", "/repository/no/such/page",
            ] {
                let page = try await console.get(uri, as: "alice")
                Self.expectPage(page, status: .notFound)
                #expect(page.text.contains("<h1>Not found</h1>"), "\(uri)")
                #expect(!page.text.contains("no/such") && !page.text.contains("<b>id"), "\(uri)")
            }
            let query = try await console.get("/repository/query?q=SELECT+*+FROM+Document+WHERE+dc%3Atitle+%3D+%27Inside%27", as: "alice")
            Self.expectPage(query)
            #expect(query.text.contains("No document you may read matches this query."))
        }
    }

    // MARK: Queries

    @Test("the query page runs NXQL from its form and pages the results, each linking to its document")
    func query() async throws {
        try await Self.withConsole { console in
            let empty = try await console.get("/repository/query")
            Self.expectPage(empty)
            #expect(empty.text.contains("<form class=\"query\" method=\"get\" action=\"/repository/query\">"))
            #expect(empty.text.contains("<textarea id=\"q\" name=\"q\""))
            #expect(!empty.text.contains("<h2>Results</h2>"))

            // As a browser submits the form: spaces as `+`, quotes and colons escaped.
            let nxql = "SELECT * FROM Document WHERE ecm:path STARTSWITH '/default-domain/workspaces/ws' ORDER BY dc:title"
            let uri = "/repository/query?q=" + Self.formEncoded(nxql)
            let page = try await console.get(uri)
            Self.expectPage(page)
            let html = page.text
            #expect(html.contains(">\(nxql.htmlEscapedForTests)</textarea>"))
            #expect(Self.rowCount(page) == 3)
            #expect(html.contains("<a href=\"/repository/document/\(console.content.file.id)\">\(Self.hostileTitle.htmlEscapedForTests)</a>"))
            #expect(html.contains("<code>/default-domain/workspaces/ws/sub</code>"))
            #expect(html.contains("Page 1 of 1 · 3 documents"))
            // Ordered by title: Memo, Report…, Sub folder.
            let memo = try #require(html.range(of: "Memo</a>"))
            let sub = try #require(html.range(of: "Sub folder</a>"))
            #expect(memo.lowerBound < sub.lowerBound)

            let paged = try await console.get(uri + "&pageSize=2&page=2")
            #expect(Self.rowCount(paged) == 1)
            #expect(paged.text.contains("Page 2 of 2 · 3 documents"))
            let link =
                "/repository/query?q=SELECT%20%2A%20FROM%20Document%20WHERE%20ecm:path%20STARTSWITH%20%27/default-domain/workspaces/ws%27%20ORDER%20BY%20dc:title&page=1&pageSize=2"
            #expect(paged.text.contains("<a rel=\"prev\" href=\"\(link.htmlEscapedForTests)\">Previous page</a>"))
            // The pager's link runs the same query.
            let followed = try await console.get(link)
            #expect(Self.rowCount(followed) == 2 && followed.text.contains("Page 1 of 2"))
        }
    }

    @Test("an invalid query gets the form back with the reason, as a 400 page, escaped")
    func invalidQuery() async throws {
        try await Self.withConsole { console in
            for nxql in ["SELECT * FROM <script>alert(1)</script>", "SELECT * FROM NoSuchType", "SELECT * FROM Document WHERE"] {
                let page = try await console.get("/repository/query?q=" + Self.formEncoded(nxql))
                Self.expectPage(page, status: .badRequest)
                #expect(page.text.contains("<p class=\"error\" id=\"query-error\" role=\"alert\">Invalid NXQL query: "), "\(nxql)")
                #expect(page.text.contains(">\(nxql.htmlEscapedForTests)</textarea>"), "\(nxql)")
                #expect(!page.text.contains("<script>alert"))
            }
        }
    }

    /// `text` as an HTML form encodes a field value: spaces as `+`, everything else but
    /// letters and digits percent-encoded.
    static func formEncoded(_ text: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " "))
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(of: " ", with: "+")
    }
}

extension String {
    /// The escaping the console's pages use, written out independently of the module's own.
    var htmlEscapedForTests: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
