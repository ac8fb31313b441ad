import PDF
import Testing

@Suite struct PDFPageGeometryTests {
    /// A crop box away from the origin, so that a forgotten offset shows.
    let cropBox = PDFRect(x: 30, y: 40, width: 600, height: 800)

    @Test(arguments: [0, 90, 180, 270])
    func displayedPointsAreTheInverseOfUserSpacePoints(rotation: Int) {
        let geometry = PDFPageGeometry(cropBox: cropBox, rotation: rotation)
        for point in [PDFPoint(x: 0, y: 0), PDFPoint(x: 12.5, y: 700), PDFPoint(x: geometry.visibleSize.width, y: 3)] {
            let back = geometry.displayedPoint(geometry.userSpacePoint(point))
            #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9, "rotation \(rotation): \(point) came back as \(back)")
        }
    }

    @Test func theUserSpaceTopLeftOfAPageTurnedBy90IsShownAtTheTopRight() {
        // Turned clockwise by 90°, the crop box's top-left corner (x 30, y 840) is drawn at
        // the displayed page's top-right corner: the displayed page is 800 wide and 600 high.
        let geometry = PDFPageGeometry(cropBox: cropBox, rotation: 90)
        let shown = geometry.displayedPoint(PDFPoint(x: 30, y: 840))
        #expect(shown == PDFPoint(x: 800, y: 600))
    }

    @Test(arguments: [0, 90, 180, 270])
    func displayedRectsAreTheInverseOfUserSpaceRects(rotation: Int) {
        let geometry = PDFPageGeometry(cropBox: cropBox, rotation: rotation)
        let rect = PDFRect(x: 50, y: 100, width: 120, height: 30)
        #expect(geometry.displayedRect(geometry.userSpaceRect(rect)) == rect)
    }
}
