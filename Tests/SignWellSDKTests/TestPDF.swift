import Foundation

/// Small valid PDFs for tests, written byte by byte: a catalog, a page tree, letter-size pages
/// with a line of text each, and a cross-reference table whose offsets are counted as the
/// file is written.
enum TestPDF {
    /// A PDF of `pageCount` pages, each saying `text` and its number.
    static func make(pageCount: Int = 1, text: String = "Chancery test contract") -> Data {
        var objects: [String] = []
        let pageIDs = (0..<pageCount).map { 3 + 2 * $0 }
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        objects.append("<< /Type /Pages /Kids [\(pageIDs.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageCount) >>")
        let fontID = 3 + 2 * pageCount
        for index in 0..<pageCount {
            let content = "BT /F1 18 Tf 72 720 Td (\(text) - page \(index + 1)) Tj ET"
            objects.append(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 \(fontID) 0 R >> >> /Contents \(pageIDs[index] + 1) 0 R >>"
            )
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")

        var file = Data("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(file.count)
            file.append(Data("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8))
        }
        let xrefOffset = file.count
        var xref = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            xref += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        xref += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        file.append(Data(xref.utf8))
        return file
    }
}
