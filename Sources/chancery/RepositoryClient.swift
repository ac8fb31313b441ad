import Foundation
import NuxeoSDK

/// A Chancery server's repository as the `repo` commands use it: NuxeoSDK requests, their
/// answers as ``RemoteDocument``s, and their failures as one-line ``RepositoryFailure``s.
struct RepositoryClient: Sendable {
    /// The SDK session, authenticated.
    let session: NUXSession
    /// The server's URL as given, for messages.
    let server: String
    /// Whether the session authenticates with a device token rather than a password.
    let usesToken: Bool

    /// The schemas listings ask for: enough for the title, the modification time and the size.
    static let listingSchemas = ["dublincore", "file"]

    /// How many children one `@children` request asks for.
    private static let childrenPageSize = 200

    /// Runs `body`, turning its failure into a ``RepositoryFailure`` about `subject` (the path
    /// or uid the requests were about, named in a "no document at …" message).
    func about<Result>(_ subject: String?, _ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch {
            throw RepositoryFailure(error, subject: subject, server: server, usesToken: usesToken)
        }
    }

    /// The document `reference` (a path or a uid) with the properties of every schema.
    func document(_ reference: String) async throws -> RemoteDocument {
        try await about(reference) {
            try RemoteDocument(json: try await session.requestDocument(reference).addSchema("*").response().json())
        }
    }

    /// The document at `path`, or `nil` when there is none.
    func documentIfAny(at path: String) async throws -> RemoteDocument? {
        do {
            return try await document(path)
        } catch let failure as RepositoryFailure where failure.statusCode == 404 {
            return nil
        }
    }

    /// Every child of `reference`, in the server's order, following the pages.
    func children(of reference: String) async throws -> [RemoteDocument] {
        try await about(reference) {
            try await allPages { pageIndex in
                session.requestChildren(reference).addSchemas(Self.listingSchemas)
                    .addParameterValue(String(Self.childrenPageSize), forKey: "pageSize")
                    .addParameterValue(String(pageIndex), forKey: "currentPageIndex")
            }
        }
    }

    /// Every document the NXQL query `query` finds, asked for `pageSize` at a time.
    func query(_ query: String, pageSize: Int) async throws -> [RemoteDocument] {
        try await about(nil) {
            try await allPages { pageIndex in
                session.requestQuery(query).addSchemas(Self.listingSchemas)
                    .addParameterValue(String(pageSize), forKey: "pageSize")
                    .addParameterValue(String(pageIndex), forKey: "currentPageIndex")
            }
        }
    }

    /// The entries of the `documents` pages that `request(pageIndex)` asks for, from page 0
    /// while the server says another page follows.
    private func allPages(_ request: (Int) -> NUXRequest) async throws -> [RemoteDocument] {
        var documents: [RemoteDocument] = []
        var pageIndex = 0
        while true {
            let page = try await request(pageIndex).response().json()
            let entries = page["entries"]?.arrayValue ?? []
            documents += try entries.map(RemoteDocument.init(json:))
            guard page["isNextPageAvailable"]?.boolValue == true, !entries.isEmpty else { return documents }
            pageIndex += 1
        }
    }
}
