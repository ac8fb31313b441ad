import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Repository
import SQLKit
import Storage
import Testing

/// The Repository console's changes: only for a browser session with its form token, each
/// under the person's own ACLs, offered only to those whose permissions allow it.
@Suite("Repository console changes")
struct RepositoryConsoleEditingTests {
    typealias Console = RepositoryConsoleTests.Console
    typealias Page = RepositoryConsoleTests.Page

    /// A browser session of `user`: its cookie and form token.
    struct Session {
        let cookie: HTTPFields
        let formToken: String
    }

    static func session(_ console: Console, _ user: String) async throws -> Session {
        let accounts = console.fixture.accounts
        let principal = try #require(try await accounts.authenticate(userName: user, password: RepositoryConsoleTests.passwords[user]!))
        let token = try await accounts.issueAccessToken(for: principal, lifetime: BrowserSession.lifetime).token
        return Session(cookie: [.cookie: "\(BrowserSession.cookieName)=\(token)"], formToken: BrowserSession.formToken(ofSession: token))
    }

    /// Posts `fields` as a form in `session`, with its form token unless `withToken` is false.
    static func post(
        _ console: Console, _ uri: String, _ session: Session, _ fields: [(String, String)] = [], withToken: Bool = true
    ) async throws -> Page {
        var headers = session.cookie
        headers[.contentType] = "application/x-www-form-urlencoded"
        let all = (withToken ? [("form_token", session.formToken)] : []) + fields
        let body = FormEncodedQuery.encode(all.map { (name: $0.0, value: $0.1) })
        return try await console.client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body)) {
            Page(status: $0.status, headers: $0.headers, body: $0.body)
        }
    }

    /// Sends `bytes` as a file named `name` to `uri` in `session`, as the page's script does.
    static func upload(_ console: Console, _ uri: String, _ session: Session, name: String, bytes: [UInt8]) async throws -> Page {
        var headers = session.cookie
        headers[.contentType] = "text/plain"
        headers[HTTPField.Name("X-Form-Token")!] = session.formToken
        headers[HTTPField.Name("X-File-Name")!] = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
        return try await console.client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(bytes: bytes)) {
            Page(status: $0.status, headers: $0.headers, body: $0.body)
        }
    }

    static func get(_ console: Console, _ uri: String, _ session: Session) async throws -> Page {
        try await console.get(uri, as: nil, headers: session.cookie)
    }

    @Test("a member without write permission is offered no change, and a forged one is a 403 that changes nothing")
    func withoutPermission() async throws {
        try await RepositoryConsoleTests.withConsole { console in
            let alice = try await Self.session(console, "alice")
            let workspace = console.content.workspace
            let listing = try await Self.get(console, "/repository/browse?id=\(workspace.id)", alice)
            RepositoryConsoleTests.expectPage(listing)
            #expect(!listing.text.contains("id=\"folder-editing\"") && !listing.text.contains("<script"))
            let page = try await Self.get(console, "/repository/document/\(console.content.note.id)", alice)
            RepositoryConsoleTests.expectPage(page)
            #expect(!page.text.contains("id=\"document-editing\""))

            let create = try await Self.post(console, "/repository/folder/\(workspace.id)/create", alice, [("type", "Note"), ("title", "Mine")])
            RepositoryConsoleTests.expectPage(create, status: .forbidden)
            let upload = try await Self.upload(console, "/repository/folder/\(workspace.id)/upload", alice, name: "a.txt", bytes: [1, 2, 3])
            #expect(upload.status == .forbidden)
            for change in ["trash", "lock"] {
                let refused = try await Self.post(console, "/repository/document/\(console.content.note.id)/\(change)", alice)
                #expect(refused.status == .forbidden, "\(change)")
            }
            let rename = try await Self.post(
                console, "/repository/document/\(console.content.note.id)/properties", alice, [("dc:title", "Renamed")])
            #expect(rename.status == .forbidden)
            let repository = console.fixture.repository
            let note = try await repository.document(.id(console.content.note.id), for: console.fixture.admin)
            #expect(note.properties["dc:title"]?.stringValue == "Memo" && !note.isTrashed && note.lockOwner == nil)
            #expect(try await repository.children(of: workspace, page: PageRequest(), for: console.fixture.admin).totalSize == 3)
        }
    }

    @Test("with ReadWrite and ReadRemove a member creates, uploads, edits, replaces, locks, trashes and restores, but may not change permissions")
    func withPermission() async throws {
        try await RepositoryConsoleTests.withConsole { console in
            let repository = console.fixture.repository
            let admin = console.fixture.admin
            let workspace = try await repository.addPermissions(
                [
                    AccessControlEntry(principal: "alice", permission: Permission.readWrite, isGranted: true),
                    AccessControlEntry(principal: "alice", permission: "ReadRemove", isGranted: true),
                ], to: console.content.workspace, for: admin)
            let alice = try await Self.session(console, "alice")

            let listing = try await Self.get(console, "/repository/browse?id=\(workspace.id)", alice)
            RepositoryConsoleTests.expectPage(listing)
            #expect(listing.text.contains("id=\"folder-editing\"") && listing.text.contains("<option value=\"Note\">Note</option>"))
            #expect(listing.text.contains("data-action=\"/repository/folder/\(workspace.id)/upload\""))
            #expect(listing.text.contains("<script src=\"/repository/assets/upload.js\" defer></script>"))

            let created = try await Self.post(
                console, "/repository/folder/\(workspace.id)/create", alice, [("type", "Note"), ("title", "Plan <b>"), ("description", "first")])
            #expect(created.status == .seeOther)
            let planID = try #require(created.headers[.location]?.split(separator: "/").last.map(String.init))
            var plan = try await repository.document(.id(planID), for: admin)
            #expect(plan.type == "Note" && plan.properties["dc:title"]?.stringValue == "Plan <b>" && plan.parentPath == workspace.path)

            let edited = try await Self.post(
                console, "/repository/document/\(planID)/properties", alice,
                [("dc:title", "Plan B"), ("dc:description", "second"), ("note:note", "text")])
            #expect(edited.status == .seeOther)
            plan = try await repository.document(.id(planID), for: admin)
            #expect(plan.properties["dc:title"]?.stringValue == "Plan B" && plan.properties["dc:description"]?.stringValue == "second")
            #expect(plan.properties["note:note"]?.stringValue == "text")
            // Every text property of its schemas is offered, not those the server keeps.
            let planPage = try await Self.get(console, "/repository/document/\(planID)", alice)
            #expect(planPage.text.contains("name=\"note:note\"") && planPage.text.contains("name=\"dc:rights\""))
            #expect(!planPage.text.contains("name=\"dc:creator\""))
            let untitled = try await Self.post(console, "/repository/document/\(planID)/properties", alice, [("dc:title", " ")])
            #expect(untitled.status == .badRequest)
            let cleared = try await Self.post(console, "/repository/document/\(planID)/properties", alice, [("dc:description", "")])
            #expect(cleared.status == .seeOther)
            #expect(try await repository.document(.id(planID), for: admin).properties["dc:description"] == .null)

            let bytes = Array("minutes of the meeting\n".utf8)
            let uploaded = try await Self.upload(console, "/repository/folder/\(workspace.id)/upload", alice, name: "Minutes é.txt", bytes: bytes)
            #expect(uploaded.status == .created, "\(uploaded.text.prefix(300))")
            let fileID = try #require(uploaded.headers[.location]?.split(separator: "/").last.map(String.init))
            let file = try await repository.document(.id(fileID), for: admin)
            #expect(file.type == "File" && file.properties["dc:title"]?.stringValue == "Minutes é.txt")
            let download = try await Self.get(console, "/repository/document/\(fileID)/blob", alice)
            #expect(download.bytes == bytes)

            let filePage = try await Self.get(console, "/repository/document/\(fileID)", alice)
            RepositoryConsoleTests.expectPage(filePage)
            #expect(filePage.text.contains("id=\"document-editing\"") && filePage.text.contains("id=\"lock\""))
            #expect(filePage.text.contains("data-action=\"/repository/document/\(fileID)/file\""))
            #expect(!filePage.text.contains("id=\"add-permission\""))

            let replacement = Array("the corrected minutes\n".utf8)
            let replaced = try await Self.upload(console, "/repository/document/\(fileID)/file", alice, name: "minutes-v2.txt", bytes: replacement)
            #expect(replaced.status == .created)
            #expect(try await Self.get(console, "/repository/document/\(fileID)/blob", alice).bytes == replacement)
            #expect(repository.blob(at: "blobholder:0", of: try await repository.document(.id(fileID), for: admin))?.name == "minutes-v2.txt")
            // Nothing of the uploads stays in a batch.
            #expect(
                try await console.fixture.accounts.database.withConnection { sql in
                    try await sql.select().column("id").from("repo_upload_batches").all().count
                } == 0)

            #expect(try await Self.post(console, "/repository/document/\(fileID)/lock", alice).status == .seeOther)
            #expect(try await repository.document(.id(fileID), for: admin).lockOwner == "alice")
            #expect(try await Self.get(console, "/repository/document/\(fileID)", alice).text.contains("id=\"unlock\""))
            #expect(try await Self.post(console, "/repository/document/\(fileID)/unlock", alice).status == .seeOther)
            #expect(try await repository.document(.id(fileID), for: admin).lockOwner == nil)

            #expect(try await Self.post(console, "/repository/document/\(planID)/trash", alice).status == .seeOther)
            #expect(try await repository.document(.id(planID), for: admin).isTrashed)
            let trash = try await Self.get(console, "/repository/browse?id=\(workspace.id)&trash=true", alice)
            RepositoryConsoleTests.expectPage(trash)
            #expect(trash.text.contains("Plan B") && RepositoryConsoleTests.rowCount(trash) == 1)
            #expect(try await Self.get(console, "/repository/document/\(planID)", alice).text.contains("id=\"restore\""))
            #expect(try await Self.post(console, "/repository/document/\(planID)/restore", alice).status == .seeOther)
            #expect(try await !repository.document(.id(planID), for: admin).isTrashed)

            let grant = try await Self.post(
                console, "/repository/document/\(planID)/permissions", alice, [("principal", "bob"), ("permission", "Read")])
            #expect(grant.status == .forbidden)
        }
    }

    @Test("an administrator grants and removes permissions, blocking inheritance")
    func permissions() async throws {
        try await RepositoryConsoleTests.withConsole { console in
            let repository = console.fixture.repository
            let admin = try await Self.session(console, "Administrator")
            let note = console.content.note
            let page = try await Self.get(console, "/repository/document/\(note.id)", admin)
            #expect(page.text.contains("id=\"add-permission\"") && page.text.contains("<option value=\"ReadWrite\">ReadWrite</option>"))

            let granted = try await Self.post(
                console, "/repository/document/\(note.id)/permissions", admin,
                [("principal", "bob"), ("permission", "ReadWrite"), ("block_inheritance", "true")])
            #expect(granted.status == .seeOther)
            var local = try await repository.acls(of: try await repository.document(.id(note.id), for: console.fixture.admin)).local
            #expect(local.contains { $0.principal == "bob" && $0.permission == "ReadWrite" && $0.isGranted })
            #expect(local.contains(.blockInheritance))
            let alice = try await Self.session(console, "alice")
            #expect(try await Self.get(console, "/repository/document/\(note.id)", alice).status == .forbidden)

            let bobEntry = try #require(local.first { $0.principal == "bob" })
            #expect(
                try await Self.post(console, "/repository/document/\(note.id)/permissions/remove", admin, [("entry", bobEntry.id)]).status
                    == .seeOther)
            #expect(
                try await Self.post(
                    console, "/repository/document/\(note.id)/permissions/remove", admin, [("entry", AccessControlEntry.blockInheritance.id)]
                ).status == .seeOther)
            local = try await repository.acls(of: try await repository.document(.id(note.id), for: console.fixture.admin)).local
            #expect(!local.contains { $0.principal == "bob" } && !local.contains(.blockInheritance))
            #expect(try await Self.get(console, "/repository/document/\(note.id)", alice).status == .ok)

            for (fields, status) in [
                ([("principal", "nobody"), ("permission", "Read")], HTTPResponse.Status.badRequest),
                ([("principal", "bob"), ("permission", "Write")], .badRequest),
                ([("principal", ""), ("permission", "Read")], .badRequest),
            ] {
                #expect(try await Self.post(console, "/repository/document/\(note.id)/permissions", admin, fields).status == status)
            }
            #expect(try await Self.post(console, "/repository/document/\(note.id)/permissions/remove", admin, [("entry", "x")]).status == .badRequest)
        }
    }

    @Test("changes need the browser's sign-in and its form token, and malformed ones get a 4xx page")
    func refusals() async throws {
        try await RepositoryConsoleTests.withConsole { console in
            let admin = try await Self.session(console, "Administrator")
            let workspace = console.content.workspace
            let noToken = try await Self.post(
                console, "/repository/folder/\(workspace.id)/create", admin, [("type", "Note"), ("title", "x")], withToken: false)
            #expect(noToken.status == .forbidden)
            let basic = try await console.client.execute(
                uri: "/repository/document/\(console.content.note.id)/trash", method: .post,
                headers: [.authorization: RepositoryConsoleTests.basic("Administrator")]
            ) { $0 }
            #expect(basic.status == .seeOther && basic.headers[.location]?.hasPrefix("/sign-in") == true)

            for (fields, status) in [
                ([("type", "Planet"), ("title", "x")], HTTPResponse.Status.badRequest),
                ([("type", "Domain"), ("title", "x")], .badRequest),
                ([("type", "Note"), ("title", "  ")], .badRequest),
            ] {
                #expect(try await Self.post(console, "/repository/folder/\(workspace.id)/create", admin, fields).status == status)
            }
            #expect(try await Self.post(console, "/repository/document/\(console.content.note.id)/explode", admin).status == .notFound)
            #expect(try await Self.post(console, "/repository/document/\(UUID().uuidString.lowercased())/lock", admin).status == .notFound)
            let intoNote = try await Self.upload(console, "/repository/document/\(console.content.note.id)/file", admin, name: "x", bytes: [1])
            #expect(intoNote.status == .badRequest)
            let control = try await Self.upload(console, "/repository/folder/\(workspace.id)/upload", admin, name: "a\nb", bytes: [1])
            #expect(control.status == .badRequest)
            #expect(try await console.fixture.repository.children(of: workspace, page: PageRequest(), for: console.fixture.admin).totalSize == 3)
        }
    }
}
