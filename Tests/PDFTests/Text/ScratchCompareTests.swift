import Foundation
import Testing

@testable import PDF

@Suite struct ScratchCompareTests {
    @Test func compare() throws {
        let paths = ["/usr/share/doc/libtasn1-doc/libtasn1.pdf", "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf", "/usr/lib/libreoffice/share/xpdfimport/xpdfimport_err.pdf", "/usr/share/doc/libjs-pdf/examples/learning/helloworld.pdf"]
        for path in paths {
            let file = try PDFFile(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            let pages = try file.pages()
            let start = Date()
            var all = ""
            for page in pages.prefix(3) {
                let glyphs = try file.textGlyphs(on: page)
                all += glyphs.text
            }
            let mine = all.filter { !$0.isWhitespace }
            let scratch = try ScratchDirectory()
            let out = try ExternalTool("pdftotext").run(["-l", "3", path, "-"], in: scratch.url)
            let theirs = out.output.filter { !$0.isWhitespace && $0 != "\u{0C}" }
            print("### \(path) pages \(pages.count) time \(Date().timeIntervalSince(start))")
            print("mine   \(mine.count): \(mine.prefix(300))")
            print("theirs \(theirs.count): \(theirs.prefix(300))")
        }
    }
}
