/// A colour for filling or stroking, in the device gray or device RGB colour space
/// (ISO 32000-1 §8.6.4). Components run from 0 to 1; values outside are clamped when written.
public enum PDFColor: Sendable, Hashable {
    /// A gray level, from 0 (black) to 1 (white).
    case gray(Double)
    /// An RGB colour, each component from 0 to 1.
    case rgb(red: Double, green: Double, blue: Double)

    /// Black.
    public static let black = PDFColor.gray(0)
    /// White.
    public static let white = PDFColor.gray(1)

    /// The colour's components, clamped to 0…1, as operands of a colour operator.
    var operands: [PDFObject] {
        switch self {
        case .gray(let level):
            [Self.component(level)]
        case .rgb(let red, let green, let blue):
            [Self.component(red), Self.component(green), Self.component(blue)]
        }
    }

    /// The operator that sets this colour for filling (`g` or `rg`).
    var fillOperator: String {
        switch self {
        case .gray: "g"
        case .rgb: "rg"
        }
    }

    /// The operator that sets this colour for stroking (`G` or `RG`).
    var strokeOperator: String {
        switch self {
        case .gray: "G"
        case .rgb: "RG"
        }
    }

    /// `value` clamped to 0…1 as a real operand.
    private static func component(_ value: Double) -> PDFObject {
        .real(min(max(value, 0), 1))
    }
}
