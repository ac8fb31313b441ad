import Foundation
import JSON
import NotaryProof
import SQLKit
import Storage

/// Notarizes documents' files through the Notary (``NotaryProof/Notarizing``) and remembers
/// each notarization, so that a document's page shows its reports.
///
/// A file is notarized as it is in the blob store: its digest is its SHA-256, so nothing is
/// read again. The report belongs to the person who asked, who must be able to read the
/// document (the caller checks that, as for every read).
public struct DocumentNotary: Sendable {
    private let notary: any Notarizing
    private let database: Database

    /// Notarizes through `notary` and records in `database`.
    public init(notary: any Notarizing, database: Database) {
        self.notary = notary
        self.database = database
    }

    /// Notarizes `blob`, the file at `xpath` of `document`, for the user `userID` named
    /// `userName`, and records it.
    public func notarize(
        _ blob: BlobInfo, at xpath: String, of document: Document, userID: String, userName: String
    ) async throws
        -> DocumentNotarization
    {
        let title = document.properties["dc:title"]?.stringValue ?? document.name
        let receipt = try await notary.notarize(sha256: blob.digest, name: title, fileName: blob.name, ownerID: userID)
        let notarization = DocumentNotarization(
            reportID: receipt.reportID, documentID: document.id, xpath: xpath, fileName: blob.name, sha256: receipt.sha256,
            verifyPath: receipt.verifyPath, notarizedBy: userName, notarizedAt: Date()
        )
        try await database.withConnection { sql in
            try await sql.insert(into: "repo_notarizations")
                .columns("report_id", "document_id", "xpath", "file_name", "sha256", "verify_path", "notarized_by", "notarized_at")
                .values(
                    SQLBind(notarization.reportID), SQLBind(notarization.documentID), SQLBind(notarization.xpath), SQLBind(notarization.fileName),
                    SQLBind(notarization.sha256), SQLBind(notarization.verifyPath), SQLBind(notarization.notarizedBy),
                    SQLBind(notarization.notarizedAt)
                )
                .run()
        }
        return notarization
    }

    /// The notarizations of document `documentID`, oldest first.
    public func notarizations(of documentID: String) async throws -> [DocumentNotarization] {
        try await database.withReadConnection { sql in
            try await sql.select().columns("*").from("repo_notarizations").where("document_id", .equal, documentID)
                .orderBy("notarized_at").orderBy("report_id").all()
                .map { row in
                    DocumentNotarization(
                        reportID: try row.decode(column: "report_id", as: String.self), documentID: documentID,
                        xpath: try row.decode(column: "xpath", as: String.self), fileName: try row.decode(column: "file_name", as: String.self),
                        sha256: try row.decode(column: "sha256", as: String.self), verifyPath: try row.decode(column: "verify_path", as: String.self),
                        notarizedBy: try row.decode(column: "notarized_by", as: String.self),
                        notarizedAt: try row.decode(column: "notarized_at", as: Date.self)
                    )
                }
        }
    }
}
