/// How a page is shown: its crop box turned by its rotation. Converts between the coordinates
/// a person looking at the page uses — points from the bottom-left corner of the page as
/// displayed — and the page's own user space, which content and annotations are written in
/// (ISO 32000-1 §8.3.2.3, §14.11.2).
public struct PDFPageGeometry: Sendable, Hashable {
    /// The visible region in user space.
    public let cropBox: PDFRect
    /// The clockwise rotation for display: 0, 90, 180 or 270.
    public let rotation: Int

    /// The geometry of a crop box shown turned by `rotation` degrees clockwise; a rotation that
    /// is not a multiple of 90 counts as 0.
    public init(cropBox: PDFRect, rotation: Int) {
        self.cropBox = cropBox
        self.rotation = rotation % 90 == 0 ? ((rotation % 360) + 360) % 360 : 0
    }

    /// The geometry of `page`.
    public init(page: PDFFilePage) {
        self.init(cropBox: page.cropBox, rotation: page.rotation)
    }

    /// The size of the page as displayed.
    public var visibleSize: PDFSize {
        rotation % 180 == 0
            ? PDFSize(width: cropBox.width, height: cropBox.height)
            : PDFSize(width: cropBox.height, height: cropBox.width)
    }

    /// The user-space point shown at `point` of the displayed page.
    public func userSpacePoint(_ point: PDFPoint) -> PDFPoint {
        let width = cropBox.width
        let height = cropBox.height
        let local: (x: Double, y: Double) =
            switch rotation {
            case 90: (width - point.y, point.x)
            case 180: (width - point.x, height - point.y)
            case 270: (point.y, height - point.x)
            default: (point.x, point.y)
            }
        return PDFPoint(x: cropBox.x + local.x, y: cropBox.y + local.y)
    }

    /// The user-space rectangle shown as `rect` on the displayed page.
    public func userSpaceRect(_ rect: PDFRect) -> PDFRect {
        let first = userSpacePoint(PDFPoint(x: rect.x, y: rect.y))
        let second = userSpacePoint(PDFPoint(x: rect.x + rect.width, y: rect.y + rect.height))
        let left = min(first.x, second.x)
        let bottom = min(first.y, second.y)
        return PDFRect(x: left, y: bottom, width: abs(second.x - first.x), height: abs(second.y - first.y))
    }

    /// The point of the displayed page at which the user-space point `point` is shown: the
    /// inverse of ``userSpacePoint(_:)``.
    public func displayedPoint(_ point: PDFPoint) -> PDFPoint {
        let width = cropBox.width
        let height = cropBox.height
        let local = (x: point.x - cropBox.x, y: point.y - cropBox.y)
        return switch rotation {
        case 90: PDFPoint(x: local.y, y: width - local.x)
        case 180: PDFPoint(x: width - local.x, y: height - local.y)
        case 270: PDFPoint(x: height - local.y, y: local.x)
        default: PDFPoint(x: local.x, y: local.y)
        }
    }

    /// The rectangle of the displayed page that shows `rect`, a rectangle in user space: the
    /// inverse of ``userSpaceRect(_:)``.
    public func displayedRect(_ rect: PDFRect) -> PDFRect {
        let first = displayedPoint(PDFPoint(x: rect.x, y: rect.y))
        let second = displayedPoint(PDFPoint(x: rect.x + rect.width, y: rect.y + rect.height))
        return PDFRect(x: min(first.x, second.x), y: min(first.y, second.y), width: abs(second.x - first.x), height: abs(second.y - first.y))
    }

    /// The matrix `[a b c d e f]` that turns drawing upright for the viewer: a rotation
    /// counter-clockwise by ``rotation``, without translation. Given as an appearance
    /// stream's `/Matrix`, it makes the appearance read upright on the turned page.
    public var uprightMatrix: [Double] {
        switch rotation {
        case 90: [0, 1, -1, 0, 0, 0]
        case 180: [-1, 0, 0, -1, 0, 0]
        case 270: [0, -1, 1, 0, 0, 0]
        default: [1, 0, 0, 1, 0, 0]
        }
    }
}
