/// The dictionary of an inline image (ISO 32000-1 §8.9.7, Table 93) as far as it tells how
/// many bytes the image data has.
struct PDFInlineImageHeader {
    /// The entries between `BI` and `ID`, with abbreviated or full keys.
    let dictionary: PDFDictionary

    /// The value of the entry with the abbreviated key `short` or the full key `long`.
    private func value(_ short: String, _ long: String) -> PDFObject? {
        dictionary[short] ?? dictionary[long]
    }

    /// The number of data bytes, when the dictionary tells it: its `/L` (`/Length`, PDF 2.0),
    /// or else, for unfiltered data, the rows times the bytes of a row from the width,
    /// height, bits per component and colour space. `nil` when it cannot be known, as for
    /// filtered data or a colour space named in the resources.
    var dataLength: Int? {
        if let length = value("L", "Length")?.integerValue, length >= 0 {
            return length
        }
        if let filter = value("F", "Filter"), filter != .array([]) {
            return nil
        }
        guard let width = value("W", "Width")?.integerValue, let height = value("H", "Height")?.integerValue,
            width > 0, height > 0, width <= 1 << 20, height <= 1 << 20
        else { return nil }
        let isMask = value("IM", "ImageMask")?.booleanValue ?? false
        let bitsPerComponent = isMask ? 1 : value("BPC", "BitsPerComponent")?.integerValue ?? 8
        guard [1, 2, 4, 8, 16].contains(bitsPerComponent), let components = isMask ? 1 : componentCount else {
            return nil
        }
        let rowBytes = (width * components * bitsPerComponent + 7) / 8
        return rowBytes * height
    }

    /// The colour components per pixel of the image's colour space, when it is a device
    /// colour space, a calibrated one, or indexed.
    private var componentCount: Int? {
        switch value("CS", "ColorSpace") {
        case .name(let name)?:
            switch name {
            case "G", "DeviceGray", "CalGray", "I", "Indexed": return 1
            case "RGB", "DeviceRGB", "CalRGB": return 3
            case "CMYK", "DeviceCMYK": return 4
            default: return nil
            }
        case .array(let elements)?:
            return ["I", "Indexed"].contains(elements.first?.nameValue ?? "") ? 1 : nil
        default:
            return nil
        }
    }
}
