/// An affine transformation `[a b c d e f]` as PDF writes it (ISO 32000-1 §8.3.4): a point
/// `(x, y)` goes to `(a·x + c·y + e, b·x + d·y + f)`.
struct PDFTransformationMatrix: Hashable, Sendable {
    /// The six numbers, in PDF order.
    var a, b, c, d, e, f: Double

    /// The matrix that leaves every point where it is.
    static let identity = PDFTransformationMatrix(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// Creates a matrix from its six numbers.
    init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// The matrix written as `numbers`, or `nil` unless they are six finite numbers.
    init?(_ numbers: [Double]) {
        guard numbers.count == 6, numbers.allSatisfy(\.isFinite) else { return nil }
        self.init(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
    }

    /// The translation by `(x, y)`.
    static func translation(x: Double, y: Double) -> PDFTransformationMatrix {
        PDFTransformationMatrix(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
    }

    /// The transformation that applies this one first and `other` after it, the product
    /// `self × other` (how `cm` combines with the current matrix: `M × CTM`).
    func concatenating(_ other: PDFTransformationMatrix) -> PDFTransformationMatrix {
        PDFTransformationMatrix(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            e: e * other.a + f * other.c + other.e,
            f: e * other.b + f * other.d + other.f
        )
    }

    /// Where `point` goes.
    func apply(to point: PDFPoint) -> PDFPoint {
        PDFPoint(x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f)
    }

    /// The smallest axis-aligned rectangle holding the image of `rect`'s four corners.
    func boundingBox(of rect: PDFRect) -> PDFRect {
        let corners = [
            apply(to: PDFPoint(x: rect.x, y: rect.y)),
            apply(to: PDFPoint(x: rect.x + rect.width, y: rect.y)),
            apply(to: PDFPoint(x: rect.x, y: rect.y + rect.height)),
            apply(to: PDFPoint(x: rect.x + rect.width, y: rect.y + rect.height)),
        ]
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let left = xs.min() ?? 0
        let bottom = ys.min() ?? 0
        return PDFRect(x: left, y: bottom, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - bottom)
    }

    /// How much the matrix stretches the vertical unit vector `(0, 1)`: the length of `(c, d)`.
    var verticalScale: Double {
        (c * c + d * d).squareRoot()
    }
}
