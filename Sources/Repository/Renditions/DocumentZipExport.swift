import Foundation
import NotaryProof
import Storage

/// A document as a ZIP archive, as Nuxeo's `zipExport` rendition gives it: a folder named
/// after the document holding its XML export (`document.xml`, ``DocumentXMLExport``) and
/// the bytes of each of its files under the name the export gives them. Files are stored
/// uncompressed; the archive is refused when its files total more than `maximumSize` bytes.
struct DocumentZipExport {
    /// The document's XML export.
    let export: DocumentXMLExport
    /// The files of the document.
    let blobs: [BlobInfo]

    /// The archive, with the files read from `store`.
    ///
    /// - Throws: ``RepositoryError/conversionFailed(_:)`` when the files are larger than
    ///   `maximumSize` in all.
    func bytes(from store: any BlobStore, maximumSize: Int64) async throws -> [UInt8] {
        let unique = Dictionary(blobs.map { ($0.digest, $0) }) { first, _ in first }.values.sorted { $0.digest < $1.digest }
        let total = unique.reduce(Int64(0)) { $0 + $1.length }
        guard total <= maximumSize else {
            throw RepositoryError.conversionFailed(
                "The document's files are larger than the \(maximumSize / (1024 * 1024)) MiB this server exports at once")
        }
        let folder = export.document.name.isEmpty ? export.document.id : export.document.name
        var archive = StoredZip()
        archive.add("\(folder)/document.xml", export.bytes, modified: export.document.modifiedAt)
        for blob in unique {
            archive.add("\(folder)/\(DocumentXMLExport.fileName(of: blob))", try await store.bytes(of: blob), modified: export.document.modifiedAt)
        }
        return archive.bytes
    }
}
