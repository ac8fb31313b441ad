import Foundation
import HTTPSupport
import HTTPTypes
import NotaryProof

/// A completed document as a file to save: the sealed PDF (or the revision before the seal,
/// without the audit trail), alone or in a ZIP.
struct CompletedFile: Sendable {
    /// The formats `completed_pdf` offers.
    enum Format: String, Sendable {
        case pdf, zip
    }

    /// The file's bytes.
    let bytes: [UInt8]
    /// Its media type.
    let mediaType: String
    /// Its name.
    let name: String

    /// The completed file of `document`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 404 (SignWell's `record_not_found`) while the
    ///   document is not completed.
    static func of(_ document: SigningDocument, auditPage: Bool, format: Format, service: SigningService) async throws -> CompletedFile {
        guard document.status == .completed, let signedPDF = document.signedPDF else {
            throw APIError(.notFound, "The document is not completed yet, so it has no completed PDF.")
        }
        let pdf = try await service.loadPDF(auditPage ? document.currentPDF : signedPDF)
        let baseName = fileName(document.name ?? document.files.first?.name ?? "document")
        switch format {
        case .pdf:
            return CompletedFile(bytes: pdf, mediaType: "application/pdf", name: "\(baseName).pdf")
        case .zip:
            var archive = StoredZip()
            archive.add("\(baseName).pdf", pdf, modified: document.completedAt ?? Date())
            return CompletedFile(bytes: archive.bytes, mediaType: "application/zip", name: "\(baseName).zip")
        }
    }

    /// A name safe in a `Content-Disposition` header and in a file system.
    static func fileName(_ name: String) -> String {
        var base = name.hasSuffix(".pdf") ? String(name.dropLast(4)) : name
        base = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " || $0 == "." ? $0 : "_" }.prefix(100))
        return base.isEmpty ? "document" : base
    }
}
