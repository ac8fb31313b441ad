import Foundation
import NuxeoSDK

/// A document as the server sent it: the SDK's ``NUXDocument`` for its fields, and the JSON
/// entity itself for `--json` output, which shows every field the server sent.
struct RemoteDocument: Sendable {
    /// The decoded document.
    let document: NUXDocument
    /// The `document` entity as the server sent it.
    let json: NUXJSONValue

    /// The document that the JSON entity `json` stands for.
    ///
    /// - Throws: As ``NUXJSONSerializer/entity(_:with:)`` does.
    init(json: NUXJSONValue) throws {
        document = try NUXJSONSerializer.entity(NUXDocument.self, with: json.jsonData())
        self.json = json
    }

    /// The document's path, or its uid if the server sent no path.
    var path: String {
        document.path ?? document.uid ?? "?"
    }

    /// Whether the document can have children (facet `Folderish`).
    var isFolderish: Bool {
        document.facets.contains("Folderish")
    }

    /// The blob at the property `xpath`, such as `file:content`; `nil` when there is none.
    func blob(at xpath: String) -> NUXJSONValue? {
        guard let blob = document.property(atXPath: xpath), blob.objectValue != nil else { return nil }
        return blob
    }

    /// The length in bytes of the blob at `xpath`, if the server said it.
    func blobLength(at xpath: String) -> Int64? {
        blob(at: xpath)?["length"]?.intValue.map(Int64.init)
    }

    /// The row of a listing: the document's `name` (its name or its path), type, title, last
    /// modification (ISO 8601, UTC) and the size of its main blob in bytes (`-` for none).
    func listingRow(name: String) -> [String] {
        [
            name, document.type ?? "", document.title ?? "",
            document.lastModified?.formatted(.iso8601) ?? "", blobLength(at: "file:content").map(String.init) ?? "-",
        ]
    }

    /// The JSON of a non-paginated `documents` entity that holds `documents`, as `--json`
    /// listings print it.
    static func listJSON(_ documents: [RemoteDocument]) -> NUXJSONValue {
        ["entity-type": "documents", "entries": .array(documents.map(\.json))]
    }
}
