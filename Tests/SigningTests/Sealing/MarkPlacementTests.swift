import Foundation
import PDF
import Testing

@testable import Signing

/// Marks land where SignWell's coordinates put them on the page as a viewer shows it, whatever
/// the page's rotation and crop box.
@Suite struct MarkPlacementTests {
    static let toolsInstalled = ValidatorTool("pdftoppm").isInstalled

    /// Three A4 pages: plain; turned by 90 degrees; cropped to a box away from the origin and
    /// turned by 180 degrees.
    private static func awkwardPages() throws -> [UInt8] {
        let file = try PDFFile(bytes: SealingFixtures.document(["Plain", "Rotated", "Cropped"]))
        let pages = try file.pages()
        var update = PDFIncrementalUpdate(file: file)
        var rotated = pages[1].dictionary
        rotated["Rotate"] = .integer(90)
        update.replace(pages[1].reference, with: .dictionary(rotated))
        var cropped = pages[2].dictionary
        cropped["CropBox"] = PDFRect(x: 100, y: 150, width: 300, height: 420).corners
        cropped["Rotate"] = .integer(180)
        update.replace(pages[2].reference, with: .dictionary(cropped))
        return update.serialize().bytes
    }

    @Test(.enabled(if: toolsInstalled))
    func marksLandInTheirBoxesOnRotatedAndCroppedPages() async throws {
        let scratch = try SealingScratch()
        defer { scratch.remove() }
        let assembled = try DocumentAssembler().assemble(
            files: [try Self.awkwardPages()], documentName: "Awkward", documentID: "d", signaturePageFor: nil)
        #expect(abs(assembled.pageSizes[1].width - 1122.52) < 0.1, "the turned page is shown landscape: \(assembled.pageSizes[1])")
        #expect(assembled.pageSizes[2] == PDFSize(width: 400, height: 560))

        let black = try await SealingFixtures.picture(width: 120, height: 60, in: scratch)
        var boxes: [PageBox] = []
        for (index, size) in assembled.pageSizes.prefix(3).enumerated() {
            boxes.append(PageBox(pageIndex: index, x: 40, y: 200, width: 120, height: 60))
            boxes.append(PageBox(pageIndex: index, x: size.width - 100, y: size.height - 60, width: 60, height: 40))
        }
        let marks = boxes.enumerated().map { index, box in
            SealingMark(box: box, content: index % 2 == 0 ? .image(black) : .check(true))
        }
        let signed = try await RecipientSealer(keys: SealingFixtures.keys).seal(
            assembled.pdf, marks: marks, signer: SignerIdentity(name: "Placer", email: "placer@example.com"), reason: "Test", signingTime: Date()
        )
        let beforePath = try scratch.write(assembled.pdf, to: "before.pdf")
        let afterPath = try scratch.write(signed, to: "after.pdf")
        for pageIndex in 0..<3 {
            let before = try await PageRendering(path: beforePath, pageIndex: pageIndex, in: scratch)
            let after = try await PageRendering(path: afterPath, pageIndex: pageIndex, in: scratch)
            let size = assembled.pageSizes[pageIndex]
            #expect(abs(Double(after.width) - size.width) <= 1 && abs(Double(after.height) - size.height) <= 1, "page \(pageIndex + 1)")
            let image = PageBox(pageIndex: pageIndex, x: 40, y: 200, width: 120, height: 60)
            #expect(before.darkShare(in: image) == 0)
            #expect(after.darkShare(in: image) > 0.95, "page \(pageIndex + 1): the image is not in its box")
            let mirrored = PageBox(pageIndex: pageIndex, x: size.width - 160, y: size.height - 260, width: 120, height: 60)
            #expect(
                after.darkShare(in: mirrored, inset: 0) == before.darkShare(in: mirrored, inset: 0),
                "page \(pageIndex + 1): ink where a turned placement would put it")
            let check = PageBox(pageIndex: pageIndex, x: size.width - 100, y: size.height - 60, width: 60, height: 40)
            #expect(after.darkShare(in: check) > before.darkShare(in: check) + 0.05, "page \(pageIndex + 1): no check mark in its box")
        }
    }
}
