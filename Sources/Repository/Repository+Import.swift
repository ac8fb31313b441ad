import HTTPSupport
import JSON

extension Repository {
    /// Creates a `File` named and titled after `blob` in `folder`, holding it; with
    /// `overwrite`, replaces the blob of an existing child with that title instead.
    public func importFile(_ blob: BlobInfo, into folder: Document, overwrite: Bool, for checker: AccessChecker) async throws -> Document {
        if overwrite {
            let existing = try await query(
                "SELECT * FROM File WHERE ecm:parentId = ? AND dc:title = ? AND ecm:isVersion = 0 AND ecm:isTrashed = 0",
                parameters: [folder.id, blob.name], page: PageRequest(pageSize: 1), for: checker
            )
            if let document = existing.documents.first {
                return try await attach(blob, to: document, xpath: "file:content", for: checker)
            }
        }
        return try await create(
            type: "File", name: blob.name, properties: ["dc:title": .string(blob.name), "file:content": blob.stored],
            in: folder, serverBlobs: [blob], for: checker)
    }
}
