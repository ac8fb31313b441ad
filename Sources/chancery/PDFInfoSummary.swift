import Foundation
import PDF
import PDFSigning

/// What `chancery pdf info` shows of a file, in the shape of its `--json` output.
struct PDFInfoSummary: Encodable {
    /// One page.
    struct Page: Encodable {
        /// The page number, from 1.
        let number: Int
        /// The crop box's width in points, before rotation.
        let width: Double
        /// The crop box's height in points, before rotation.
        let height: Double
        /// The clockwise display rotation: 0, 90, 180 or 270.
        let rotation: Int
        /// `[llx, lly, urx, ury]`.
        let mediaBox: [Double]
        /// `[llx, lly, urx, ury]`.
        let cropBox: [Double]
    }

    /// One signature.
    struct Signature: Encodable {
        /// The signature field's name.
        let field: String
        /// The `/SubFilter`.
        let subFilter: String?
        /// Whether the signed ranges reach the end of the file.
        let coversWholeFile: Bool
        /// The signer certificate's subject.
        let signer: String?
    }

    /// The pages, in order.
    let pages: [Page]
    /// How many pages.
    let pageCount: Int
    /// Always false: encrypted files are refused before a summary is made.
    let encrypted: Bool
    /// The signatures, in form order.
    let signatures: [Signature]
    /// The document information dictionary's text entries; dates in ISO 8601.
    let info: [String: String]
    /// The newest cross-reference section's form: `table` or `stream`.
    let crossReference: String
    /// Whether the file's cross-reference data was broken and had to be rebuilt.
    let repaired: Bool

    /// Reads `bytes`.
    init(bytes: [UInt8]) async throws {
        let file = try PDFFile(bytes: bytes)
        pages = try file.pages().enumerated().map { index, page in
            Page(
                number: index + 1,
                width: page.cropBox.width,
                height: page.cropBox.height,
                rotation: page.rotation,
                mediaBox: Self.corners(page.mediaBox),
                cropBox: Self.corners(page.cropBox)
            )
        }
        pageCount = pages.count
        encrypted = false
        signatures = try await PDFDocumentVerifier(trustedRoots: []).verify(bytes).map {
            Signature(field: $0.fieldName, subFilter: $0.subFilter, coversWholeFile: $0.coversWholeFile, signer: $0.signer)
        }
        info = file.documentInfo().mapValues(Self.readableDate)
        crossReference = file.crossReferenceKind == .table ? "table" : "stream"
        repaired = file.isRecovered
    }

    /// The summary as lines of text.
    var text: String {
        var lines = ["Pages:      \(pageCount)", "Encrypted:  no", "Xref:       \(crossReference)\(repaired ? " (repaired)" : "")"]
        for (key, value) in info.sorted(by: { $0.key < $1.key }) {
            lines.append("\(key + ":")\(String(repeating: " ", count: max(1, 12 - key.count - 1)))\(value)")
        }
        for page in pages {
            lines.append("Page \(page.number): \(Self.format(page.width)) x \(Self.format(page.height)) pt, rotated \(page.rotation)")
        }
        lines.append("Signatures: \(signatures.count)")
        for signature in signatures {
            let coverage = signature.coversWholeFile ? "covers the whole file" : "covers an earlier revision"
            lines.append("  \(signature.field): \(signature.subFilter ?? "?"), \(coverage), signer \(signature.signer ?? "unknown")")
        }
        return lines.joined(separator: "\n")
    }

    /// `value` in ISO 8601 when it is a PDF date string (`D:20250314092653Z` becomes
    /// `2025-03-14T09:26:53Z`), else `value` itself.
    private static func readableDate(_ value: String) -> String {
        guard value.hasPrefix("D:"), let date = PDFDate(text: value) else { return value }
        return date.date.formatted(.iso8601)
    }

    /// A rectangle's corners.
    private static func corners(_ rect: PDFRect) -> [Double] {
        [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height]
    }

    /// `value` with at most two decimals.
    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
