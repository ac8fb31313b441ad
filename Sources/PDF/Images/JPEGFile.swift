/// What a PDF image XObject needs to know about a baseline or progressive JPEG file,
/// read from its markers (ITU-T T.81 Annex B) up to the first start-of-frame.
struct JPEGFile {
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// The colour components: 1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK.
    let components: Int
    /// Whether the file has an Adobe APP14 marker, whose CMYK data is stored inverted.
    let hasAdobeMarker: Bool

    /// The start-of-frame markers: SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static let startOfFrameMarkers: Set<UInt8> = [
        0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
    ]

    /// Reads the markers of `bytes` up to the first start-of-frame.
    init(_ bytes: [UInt8]) throws(PDFImageError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .notJPEG }
        var position = 2
        var hasAdobeMarker = false
        while true {
            guard position < bytes.count, bytes[position] == 0xFF else { throw .corrupt("expected a JPEG marker") }
            while position < bytes.count, bytes[position] == 0xFF {
                position += 1
            }
            guard position < bytes.count else { throw .corrupt("the file ends inside a marker") }
            let marker = bytes[position]
            position += 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue
            case 0xD9, 0xDA:
                throw .corrupt("no start-of-frame marker before the image data")
            default:
                break
            }
            guard position + 2 <= bytes.count else { throw .corrupt("the file ends inside a marker") }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2, position + length <= bytes.count else { throw .corrupt("a marker segment runs past the end") }
            let segment = bytes[(position + 2)..<(position + length)]
            position += length
            if marker == 0xEE, segment.starts(with: Array("Adobe".utf8)) {
                hasAdobeMarker = true
            }
            guard Self.startOfFrameMarkers.contains(marker) else { continue }

            guard segment.count >= 6 else { throw .corrupt("short start-of-frame segment") }
            let start = segment.startIndex
            let precision = Int(segment[start])
            height = Int(segment[start + 1]) << 8 | Int(segment[start + 2])
            width = Int(segment[start + 3]) << 8 | Int(segment[start + 4])
            components = Int(segment[start + 5])
            guard precision == 8 else { throw .unsupported("\(precision)-bit JPEG samples") }
            guard height > 0 else { throw .unsupported("a JPEG whose height is given after the first scan (DNL)") }
            guard width > 0 else { throw .corrupt("zero width") }
            guard [1, 3, 4].contains(components) else { throw .unsupported("JPEG with \(components) components") }
            self.hasAdobeMarker = hasAdobeMarker
            return
        }
    }
}
