/// A raster image ready to be written as an image XObject (ISO 32000-1 §8.9.5), made from
/// a PNG or JPEG file, with its transparency as a separate soft-mask image (§11.6.5.3).
public struct PDFImage: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The image XObject, without the /SMask entry that ``write(to:)`` adds.
    public let stream: PDFStream
    /// The 8-bit DeviceGray soft mask holding the image's alpha, when it has any
    /// transparency.
    public let softMask: PDFStream?

    /// Makes an image from a PNG file: colour types 0, 2, 3, 4 and 6 at every bit depth PNG
    /// allows, interlaced or not. Alpha samples and tRNS transparency become the soft mask.
    ///
    /// The colour data of non-interlaced images without an alpha channel is the file's
    /// zlib stream unchanged, decoded by a PNG predictor; other images are decoded and
    /// compressed again. Every image is decoded once to check it.
    public init(png bytes: [UInt8]) throws(PDFImageError) {
        let file = try PNGFile(bytes)
        let rows = try PNGPixelDecoder.rows(of: file)
        width = file.width
        height = file.height

        let colorComponents = file.colorType == 2 || file.colorType == 6 ? 3 : 1
        var dictionary = Self.imageDictionary(width: width, height: height, bitsPerComponent: file.bitDepth)
        dictionary["ColorSpace"] =
            switch file.colorType {
            case 3:
                .array([.name("Indexed"), .name("DeviceRGB"), .integer(file.palette.count / 3 - 1), .hexString(file.palette)])
            case 2, 6:
                .name("DeviceRGB")
            default:
                .name("DeviceGray")
            }

        if file.hasAlphaChannel {
            let (color, alpha) = PNGAlphaSplitter.split(rows, file: file)
            stream = PDFStream(flateEncoding: color, dictionary: dictionary)
            softMask = Self.softMask(alpha, width: width, height: height)
        } else if file.isInterlaced {
            stream = PDFStream(flateEncoding: rows, dictionary: dictionary)
            softMask = PNGAlphaSplitter.transparencyAlpha(rows, file: file).map { Self.softMask($0, width: file.width, height: file.height) }
        } else {
            dictionary["Filter"] = .name("FlateDecode")
            dictionary["DecodeParms"] = .dictionary([
                "Predictor": .integer(15), "Colors": .integer(colorComponents),
                "BitsPerComponent": .integer(file.bitDepth), "Columns": .integer(width),
            ])
            stream = PDFStream(dictionary: dictionary, data: file.imageData)
            softMask = PNGAlphaSplitter.transparencyAlpha(rows, file: file).map { Self.softMask($0, width: file.width, height: file.height) }
        }
    }

    /// Makes an image from a JPEG file (8-bit grey, RGB/YCbCr or CMYK, baseline or
    /// progressive), whose data is kept unchanged and decoded with DCTDecode. CMYK data
    /// written by Adobe software (with an APP14 marker) is stored inverted, so it gets
    /// `/Decode [1 0 1 0 1 0 1 0]`.
    public init(jpeg bytes: [UInt8]) throws(PDFImageError) {
        let file = try JPEGFile(bytes)
        width = file.width
        height = file.height
        var dictionary = Self.imageDictionary(width: width, height: height, bitsPerComponent: 8)
        dictionary["ColorSpace"] = .name(["DeviceGray", "DeviceGray", "DeviceRGB", "DeviceCMYK"][file.components - 1])
        dictionary["Filter"] = .name("DCTDecode")
        if file.components == 4, file.hasAdobeMarker {
            dictionary["Decode"] = .array([1, 0, 1, 0, 1, 0, 1, 0].map { PDFObject.integer($0) })
        }
        stream = PDFStream(dictionary: dictionary, data: bytes)
        softMask = nil
    }

    /// Writes the soft mask (if any) and the image XObject to `sink` and returns the image's
    /// reference, for a page's /XObject resources.
    public func write(to sink: inout some PDFObjectSink) -> PDFReference {
        var image = stream
        if let softMask {
            image.dictionary["SMask"] = .reference(sink.add(softMask))
        }
        return sink.add(image)
    }

    /// The entries every image XObject of this type starts with.
    private static func imageDictionary(width: Int, height: Int, bitsPerComponent: Int) -> PDFDictionary {
        [
            "Type": .name("XObject"), "Subtype": .name("Image"),
            "Width": .integer(width), "Height": .integer(height),
            "BitsPerComponent": .integer(bitsPerComponent),
        ]
    }

    /// A soft-mask image of one 8-bit alpha sample per pixel.
    private static func softMask(_ alpha: [UInt8], width: Int, height: Int) -> PDFStream {
        var dictionary = imageDictionary(width: width, height: height, bitsPerComponent: 8)
        dictionary["ColorSpace"] = .name("DeviceGray")
        return PDFStream(flateEncoding: alpha, dictionary: dictionary)
    }
}
