import HTTPSupport
import HTTPTypes

extension SignalConversion {
    /// intdash's name of the conversion type.
    var intdashTypeName: String {
        switch self {
        case .none: "none"
        case .json: "json"
        case .csv: "csv"
        case .floatingPoint: "num_floating_point"
        case .fixedPoint: "num_fixed_point"
        case .subBytes: "sub_bytes"
        case .subString: "sub_string"
        }
    }

    /// Reads intdash's `{type, options}`; options the type does not take are ignored.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 400 naming the member that is missing or of the
    ///   wrong kind (the store checks the ranges).
    init(intdash body: IntdashBody) throws {
        guard let type = try body.string("type") else { throw APIError(.badRequest, "conversion.type is required") }
        let options = try body.object("options") ?? IntdashBody(members: [:])
        do {
            switch type {
            case "none":
                self = .none
            case "json":
                self = .json(fieldPath: try Self.required(options.string("fieldpath"), "fieldpath"), valueType: try Self.valueType(options))
            case "csv":
                self = .csv(
                    delimiters: try Self.required(options.strings("delimiters"), "delimiters"),
                    index: Int(try Self.required(options.integer("index"), "index")), valueType: try Self.valueType(options)
                )
            case "num_floating_point":
                self = .floatingPoint(
                    startByte: Int(try Self.required(options.integer("startbyte"), "startbyte")),
                    endian: try Self.required(options.value("endian", as: SignalEndian.self), "endian"),
                    precision: Int(try Self.required(options.integer("precision"), "precision"))
                )
            case "num_fixed_point":
                let startBit = Int(try Self.required(options.integer("startbit"), "startbit"))
                let bitSize = Int(try Self.required(options.integer("bitsize"), "bitsize"))
                let endian = try Self.required(options.value("endian", as: SignalEndian.self), "endian")
                let sign = try Self.required(options.string("sign"), "sign")
                guard sign == "signed" || sign == "unsigned" else { throw APIError(.badRequest, "sign must be signed or unsigned, not '\(sign)'") }
                self = .fixedPoint(
                    startBit: startBit, bitSize: bitSize, endian: endian, isSigned: sign == "signed",
                    scale: try options.number("scale") ?? 1, offset: try options.number("offset") ?? 0
                )
            case "sub_bytes", "sub_string":
                let startByte = Int(try Self.required(options.integer("startbyte"), "startbyte"))
                let byteSize = Int(try Self.required(options.integer("bytesize"), "bytesize"))
                self =
                    type == "sub_bytes" ? .subBytes(startByte: startByte, byteSize: byteSize) : .subString(startByte: startByte, byteSize: byteSize)
            default:
                throw APIError(
                    .badRequest,
                    "conversion.type '\(type)' is not one of none, json, csv, num_floating_point, num_fixed_point, sub_bytes, sub_string"
                )
            }
        } catch var error as APIError where !error.message.hasPrefix("conversion.") {
            error.message = "conversion.options." + error.message
            throw error
        }
    }

    /// The `value_type` option: `str` or `num`.
    private static func valueType(_ options: IntdashBody) throws -> SignalValueType {
        try required(options.value("value_type", as: SignalValueType.self), "value_type")
    }

    /// `value`, or a 400 that says option `name` is missing.
    private static func required<Value>(_ value: Value?, _ name: String) throws -> Value {
        guard let value else { throw APIError(.badRequest, "\(name) is required") }
        return value
    }
}
