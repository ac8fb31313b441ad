import Foundation

@testable import PDF

/// Assembles PDF files for reader tests from the text of their objects, with byte-exact
/// cross-reference tables, so that each test can state precisely the structure it reads.
struct HandWrittenPDF {
    /// The file so far.
    var bytes: [UInt8] = Array("%PDF-1.7\n%\u{E2}\u{E3}\n".utf8)
    /// Where each object written so far starts.
    var offsets: [Int: Int] = [:]

    /// Appends object `number` with body `body`.
    mutating func add(_ number: Int, _ body: String) {
        offsets[number] = bytes.count
        bytes += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
    }

    /// Appends object `number`: a stream with dictionary entries `entries` (without
    /// `/Length` unless `length` is given as text) and data `data`.
    mutating func addStream(_ number: Int, _ entries: String, data: [UInt8], length: String? = nil) {
        offsets[number] = bytes.count
        bytes += Array("\(number) 0 obj\n<< \(entries) /Length \(length ?? String(data.count)) >>\nstream\n".utf8)
        bytes += data
        bytes += Array("\nendstream\nendobj\n".utf8)
    }

    /// Appends a classic cross-reference table for the objects `numbers` (all written so far
    /// when `nil`) and a trailer with `trailer` entries, and returns the table's offset.
    @discardableResult
    mutating func finishWithTable(trailer: String, numbers: [Int]? = nil) -> Int {
        let start = bytes.count
        var table = "xref\n0 1\n0000000000 65535 f\r\n"
        for number in (numbers ?? offsets.keys.sorted()).sorted() {
            table += "\(number) 1\n" + String(format: "%010d 00000 n\r\n", offsets[number]!)
        }
        bytes += Array((table + "trailer\n<< \(trailer) >>\nstartxref\n\(start)\n%%EOF\n").utf8)
        return start
    }

    /// A three-page document: page 1 plain, page 2 rotated by 90 with a crop box, page 3
    /// inheriting media box and rotation from an intermediate page tree node.
    static func threePages() -> HandWrittenPDF {
        var file = HandWrittenPDF()
        file.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        file.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 612 792] >>")
        file.add(3, "<< /Type /Page /Parent 2 0 R /Contents 7 0 R >>")
        file.add(4, "<< /Type /Page /Parent 2 0 R /Rotate 90 /CropBox [50 60 500 700] >>")
        file.add(5, "<< /Type /Pages /Parent 2 0 R /Kids [6 0 R] /Count 1 /MediaBox [0 0 595 842] /Rotate -90 >>")
        file.add(6, "<< /Type /Page /Parent 5 0 R >>")
        file.addStream(7, "", data: Array("BT /F1 12 Tf 72 720 Td (Hello) Tj ET".utf8))
        file.add(8, "<< /Title (Three pages) /Producer <FEFF00DF> >>")
        file.finishWithTable(trailer: "/Size 9 /Root 1 0 R /Info 8 0 R")
        return file
    }
}
