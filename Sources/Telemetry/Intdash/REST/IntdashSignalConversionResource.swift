/// A signal's conversion as the intdash API shows it: `{type, options}`, with exactly the
/// options intdash-py 2.1.1's conversion classes take (it builds them with
/// `Class(**options)`).
struct IntdashSignalConversionResource: Encodable, Sendable {
    /// The options of a conversion; each is present only for the types that take it, and a
    /// conversion of type `none` has none (`{}`).
    struct Options: Encodable, Sendable {
        /// `json`: the path of the member read.
        var fieldPath: String?
        /// `json`, `csv`: `str` or `num`.
        var valueType: String?
        /// `csv`: the characters that separate fields.
        var delimiters: [String]?
        /// `csv`: the field read, from 0.
        var index: Int?
        /// `num_floating_point`, `sub_bytes`, `sub_string`: the first byte read.
        var startByte: Int?
        /// `num_floating_point`, `num_fixed_point`: `big` or `little`.
        var endian: String?
        /// `num_floating_point`: 32 or 64 bits.
        var precision: Int?
        /// `num_fixed_point`: the first bit read.
        var startBit: Int?
        /// `num_fixed_point`: how many bits are read.
        var bitSize: Int?
        /// `num_fixed_point`: `signed` or `unsigned`.
        var sign: String?
        /// `num_fixed_point`: the factor applied to the raw number.
        var scale: Double?
        /// `num_fixed_point`: what is added after the factor.
        var offset: Double?
        /// `sub_bytes`, `sub_string`: how many bytes are read.
        var byteSize: Int?

        /// The wire names.
        enum CodingKeys: String, CodingKey {
            case delimiters, index, endian, precision, sign, scale, offset
            case fieldPath = "fieldpath"
            case valueType = "value_type"
            case startByte = "startbyte"
            case startBit = "startbit"
            case bitSize = "bitsize"
            case byteSize = "bytesize"
        }
    }

    /// intdash's name of the conversion type.
    let type: String
    /// The type's options.
    let options: Options

    /// `conversion` as intdash shows it.
    init(_ conversion: SignalConversion) {
        var options = Options()
        switch conversion {
        case .none:
            break
        case .json(let fieldPath, let valueType):
            options.fieldPath = fieldPath
            options.valueType = valueType.rawValue
        case .csv(let delimiters, let index, let valueType):
            options.delimiters = delimiters
            options.index = index
            options.valueType = valueType.rawValue
        case .floatingPoint(let startByte, let endian, let precision):
            options.startByte = startByte
            options.endian = endian.rawValue
            options.precision = precision
        case .fixedPoint(let startBit, let bitSize, let endian, let isSigned, let scale, let offset):
            options.startBit = startBit
            options.bitSize = bitSize
            options.endian = endian.rawValue
            options.sign = isSigned ? "signed" : "unsigned"
            options.scale = scale
            options.offset = offset
        case .subBytes(let startByte, let byteSize), .subString(let startByte, let byteSize):
            options.startByte = startByte
            options.byteSize = byteSize
        }
        self.type = conversion.intdashTypeName
        self.options = options
    }
}
