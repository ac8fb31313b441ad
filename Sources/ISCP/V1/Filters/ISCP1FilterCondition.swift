/// The condition a downstream filter puts on the data ids of one channel and data type: the
/// filter payload of spec §2.4.
public enum ISCP1FilterCondition: Sendable, Hashable {
    /// Every unit passes; on the wire, an empty payload.
    case any
    /// For CAN, NMEA, GeneralSensor and Generic: the first rule that matches a unit's id decides
    /// whether it passes; a unit no rule matches does not pass.
    case masks([ISCP1MaskRule])
    /// For String, Float, Int and Bytes: a unit passes when its id is one of the labels, byte
    /// for byte in UTF-8.
    case labels([String])

    /// The byte length of the ids mask rules compare for `rawDataType`, if it takes mask rules.
    static func maskWidth(for rawDataType: UInt8) -> Int? {
        switch ISCP1DataType(rawValue: rawDataType) {
        case .can, .generic: 4
        case .nmea: 5
        case .generalSensor: 2
        default: nil
        }
    }

    /// Whether `rawDataType` takes label conditions.
    static func takesLabels(_ rawDataType: UInt8) -> Bool {
        switch ISCP1DataType(rawValue: rawDataType) {
        case .string, .float, .int, .bytes: true
        default: false
        }
    }

    /// Whether `unit` meets the condition, judged by its data id. The unit's channel and data
    /// type are not looked at here: ``ISCP1DataFilter/passes(_:)`` checks those.
    public func passes(_ unit: ISCP1Unit) -> Bool {
        switch self {
        case .any:
            return true
        case .masks(let rules):
            guard let id = unit.maskFilterID else { return false }
            return rules.first { $0.matches(id) }?.accept ?? false
        case .labels(let labels):
            guard let id = unit.labelFilterID else { return false }
            return labels.contains { $0.utf8.elementsEqual(id) }
        }
    }

    /// Reads a non-empty filter payload for `rawDataType`; `reader` holds exactly the payload.
    init(from reader: inout ISCP1ByteReader, rawDataType: UInt8) throws(ISCP1DecodingError) {
        let count = Int(try reader.readUInt8())
        if let width = Self.maskWidth(for: rawDataType) {
            try reader.checkCount(count, minimumBytesEach: 2 * width + 1)
            var rules: [ISCP1MaskRule] = []
            rules.reserveCapacity(count)
            for _ in 0..<count {
                rules.append(try ISCP1MaskRule(from: &reader, width: width))
            }
            self = .masks(rules)
        } else if Self.takesLabels(rawDataType) {
            try reader.checkCount(count, minimumBytesEach: 1)
            var labels: [String] = []
            labels.reserveCapacity(count)
            for _ in 0..<count {
                let length = Int(try reader.readUInt8())
                labels.append(try reader.readUTF8(length: length, of: "a filter label"))
            }
            self = .labels(labels)
        } else {
            throw ISCP1DecodingError(
                offset: reader.offset - 1,
                reason: .invalidValue("data type 0x\(ISCP1DataID.hex(rawDataType, digits: 2)) has no filter format")
            )
        }
        try reader.expectEnd()
    }

    /// The filter payload for `rawDataType`.
    func encoded(for rawDataType: UInt8) throws(ISCP1EncodingError) -> [UInt8] {
        var writer = ISCP1ByteWriter()
        switch self {
        case .any:
            break
        case .masks(let rules):
            guard let width = Self.maskWidth(for: rawDataType) else {
                throw .conditionDoesNotFitDataType(rawDataType: rawDataType)
            }
            try writer.writeCount(rules.count, byteCount: 1, of: "mask rules")
            for rule in rules {
                try rule.write(to: &writer, width: width)
            }
        case .labels(let labels):
            guard Self.takesLabels(rawDataType) else { throw .conditionDoesNotFitDataType(rawDataType: rawDataType) }
            try writer.writeCount(labels.count, byteCount: 1, of: "labels")
            for label in labels {
                try writer.writeShortUTF8(label, of: "filter label")
            }
        }
        return writer.bytes
    }
}
