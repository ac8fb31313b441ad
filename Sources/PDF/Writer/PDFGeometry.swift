/// A point in PDF user space: units of 1/72 inch, origin at the bottom-left corner of the
/// page, y growing upwards (ISO 32000-1 §8.3.2.3).
public struct PDFPoint: Sendable, Hashable {
    /// The horizontal coordinate, from the left edge.
    public var x: Double
    /// The vertical coordinate, from the bottom edge.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A width and a height in PDF points (1/72 inch).
public struct PDFSize: Sendable, Hashable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ISO 216 A4 portrait, 210 × 297 mm, rounded to the hundredth of a point.
    public static let a4 = PDFSize(width: 595.28, height: 841.89)
}

/// An axis-aligned rectangle in PDF user space, given by its bottom-left corner and size.
public struct PDFRect: Sendable, Hashable {
    /// The horizontal coordinate of the left edge.
    public var x: Double
    /// The vertical coordinate of the bottom edge.
    public var y: Double
    /// The width, towards the right.
    public var width: Double
    /// The height, upwards.
    public var height: Double

    /// Creates a rectangle from its bottom-left corner and its size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle as the four numbers `[llx lly urx ury]` that PDF rectangles are written
    /// as (§7.9.5), with the corners ordered even when the width or height is negative.
    public var corners: PDFObject {
        .array([
            .real(min(x, x + width)), .real(min(y, y + height)),
            .real(max(x, x + width)), .real(max(y, y + height)),
        ])
    }
}
