import Foundation
import JSON

extension SignalConversion {
    /// The signal's value for a point whose value is `value`.
    ///
    /// Text conversions (`json`, `csv`, `sub_string`) read text, or bytes that are UTF-8;
    /// byte conversions (`num_floating_point`, `num_fixed_point`, `sub_bytes`) read bytes, or
    /// the UTF-8 bytes of text. Neither kind reads a number; `none` passes any value on.
    ///
    /// - Throws: ``SignalConversionError`` when the value is of the wrong kind or too short,
    ///   or holds no such member or field, or not a number where one is wanted.
    public func apply(to value: SignalValue) throws(SignalConversionError) -> SignalValue {
        switch self {
        case .none:
            return value
        case .json(let fieldPath, let valueType):
            let member = try Self.member(at: fieldPath, of: try Self.document(try Self.text(of: value)))
            return try Self.typed(member, as: valueType)
        case .csv(let delimiters, let index, let valueType):
            let fields = Self.fields(of: try Self.text(of: value), delimiters: delimiters)
            guard index < fields.count else {
                throw SignalConversionError("the value has \(fields.count) field(s), so there is no field \(index)")
            }
            return try Self.typed(.string(fields[index]), as: valueType)
        case .floatingPoint(let startByte, let endian, let precision):
            let bytes = try Self.slice(try Self.bytes(of: value), from: startByte, count: precision / 8)
            let bits = Self.unsigned(bytes, endian: endian)
            return .number(precision == 32 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
        case .fixedPoint(let startBit, let bitSize, let endian, let isSigned, let scale, let offset):
            let raw = try Self.field(of: try Self.bytes(of: value), startBit: startBit, bitSize: bitSize, endian: endian)
            let whole: Double
            if isSigned, bitSize < 64, raw & (1 << UInt64(bitSize - 1)) != 0 {
                whole = Double(Int64(bitPattern: raw) - (Int64(1) << Int64(bitSize)))
            } else if isSigned {
                whole = Double(Int64(bitPattern: raw))
            } else {
                whole = Double(raw)
            }
            return .number(whole * scale + offset)
        case .subBytes(let startByte, let byteSize):
            return .bytes(try Self.slice(try Self.bytes(of: value), from: startByte, count: byteSize))
        case .subString(let startByte, let byteSize):
            let bytes = try Self.slice(Array(try Self.text(of: value).utf8), from: startByte, count: byteSize)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw SignalConversionError("bytes \(startByte) to \(startByte + byteSize - 1) cut a character of the text in two")
            }
            return .text(text)
        }
    }

    /// The text a text conversion reads.
    private static func text(of value: SignalValue) throws(SignalConversionError) -> String {
        switch value {
        case .text(let text): return text
        case .bytes(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else { throw SignalConversionError("the value is not UTF-8 text") }
            return text
        case .number: throw SignalConversionError("the value is a number, not text")
        }
    }

    /// The bytes a byte conversion reads.
    private static func bytes(of value: SignalValue) throws(SignalConversionError) -> [UInt8] {
        switch value {
        case .bytes(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        case .number: throw SignalConversionError("the value is a number, not bytes")
        }
    }

    /// `count` bytes of `bytes` from `start`.
    private static func slice(_ bytes: [UInt8], from start: Int, count: Int) throws(SignalConversionError) -> [UInt8] {
        guard start <= bytes.count, count <= bytes.count - start else {
            throw SignalConversionError("the value has \(bytes.count) byte(s), too few for \(count) from byte \(start)")
        }
        return Array(bytes[start..<(start + count)])
    }

    /// `bytes` as one unsigned number in `endian` byte order (at most 8 bytes).
    private static func unsigned(_ bytes: [UInt8], endian: SignalEndian) -> UInt64 {
        let ordered = endian == .big ? bytes : bytes.reversed()
        return ordered.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The `bitSize` bits from `startBit`, numbered as ``SignalConversion/fixedPoint(startBit:bitSize:endian:isSigned:scale:offset:)`` says.
    private static func field(of bytes: [UInt8], startBit: Int, bitSize: Int, endian: SignalEndian) throws(SignalConversionError) -> UInt64 {
        guard startBit <= bytes.count * 8, bitSize <= bytes.count * 8 - startBit else {
            throw SignalConversionError("the value has \(bytes.count * 8) bit(s), too few for \(bitSize) from bit \(startBit)")
        }
        var raw: UInt64 = 0
        for index in 0..<bitSize {
            let position = startBit + index
            switch endian {
            case .little:
                let bit = UInt64(bytes[position / 8] >> UInt8(position % 8)) & 1
                raw |= bit << UInt64(index)
            case .big:
                let bit = UInt64(bytes[position / 8] >> UInt8(7 - position % 8)) & 1
                raw = raw << 1 | bit
            }
        }
        return raw
    }

    /// `text` read as a JSON document.
    private static func document(_ text: String) throws(SignalConversionError) -> JSONValue {
        guard let document = try? JSONValue(parsing: text.utf8) else {
            throw SignalConversionError("the value is not a JSON document")
        }
        return document
    }

    /// The member of `document` that `fieldPath` names.
    private static func member(at fieldPath: String, of document: JSONValue) throws(SignalConversionError) -> JSONValue {
        var current = document
        for part in fieldPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            switch current {
            case .object(let members):
                guard let member = members[part] else { throw SignalConversionError("the JSON document has no member '\(fieldPath)'") }
                current = member
            case .array(let items):
                guard let index = Int(part), items.indices.contains(index) else {
                    throw SignalConversionError("the JSON document has no member '\(fieldPath)'")
                }
                current = items[index]
            default:
                throw SignalConversionError("the JSON document has no member '\(fieldPath)'")
            }
        }
        return current
    }

    /// The fields of `text` between occurrences of any of `delimiters`.
    private static func fields(of text: String, delimiters: [String]) -> [String] {
        var fields: [String] = []
        var field = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            if let delimiter = delimiters.first(where: { !$0.isEmpty && rest.hasPrefix($0) }) {
                fields.append(field)
                field = ""
                rest = rest.dropFirst(delimiter.count)
            } else {
                field.append(rest.removeFirst())
            }
        }
        fields.append(field)
        return fields
    }

    /// `value` made into `valueType`: text as it is (other JSON values as JSON text), or the
    /// number a JSON number or a text spells.
    private static func typed(_ value: JSONValue, as valueType: SignalValueType) throws(SignalConversionError) -> SignalValue {
        switch (valueType, value) {
        case (_, .null):
            throw SignalConversionError("the value found is null")
        case (.number, .integer(let number)):
            return .number(Double(number))
        case (.number, .number(let number)):
            return .number(number)
        case (.number, .string(let text)):
            guard let number = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw SignalConversionError("'\(text)' is not a number")
            }
            return .number(number)
        case (.number, _):
            throw SignalConversionError("the value found is not a number")
        case (.text, .string(let text)):
            return .text(text)
        case (.text, _):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return .text((try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
    }
}
