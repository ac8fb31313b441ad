import ISCP

extension IntdashData {
    /// A MAVLink v1 packet: `start u8, length u8, sequence u8, system id u8, component id u8,
    /// message id u8, data, checksum u16 LE`.
    ///
    /// The `ISCP` module keeps MAVLink payloads as bytes; this class lays them out.
    open class DataMavlinkPacket: IntdashData {
        /// The start sign (`0xFE` for MAVLink v1).
        public var packetStartSign: UInt8
        /// The length of ``data``, as the packet says it.
        public var payloadLength: UInt8
        /// The packet's sequence number.
        public var packetSequence: UInt8
        /// The sending system.
        public var systemId: UInt8
        /// The sending component.
        public var componentId: UInt8
        /// The message.
        public var messageId: UInt8
        /// The message's payload.
        public var data: [UInt8]
        /// The checksum.
        public var checkSum: UInt16

        /// Creates a packet.
        public init(
            packetStartSign: UInt8, payloadLength: UInt8, packetSequence: UInt8, systemId: UInt8, componentId: UInt8,
            messageId: UInt8, data: [UInt8], checkSum: UInt16
        ) {
            self.packetStartSign = packetStartSign
            self.payloadLength = payloadLength
            self.packetSequence = packetSequence
            self.systemId = systemId
            self.componentId = componentId
            self.messageId = messageId
            self.data = data
            self.checkSum = checkSum
            super.init(dataType: .mavlinkPacket)
        }

        /// Reads a packet from its bytes: six header bytes, the data, two checksum bytes.
        convenience init(packet bytes: [UInt8]) throws {
            guard bytes.count >= 8 else {
                throw IntdashDataError.invalidPayload("a MAVLink packet of \(bytes.count) bytes is shorter than its 8 bytes of header and checksum")
            }
            let checkSum = UInt16(bytes[bytes.count - 2]) | UInt16(bytes[bytes.count - 1]) << 8
            self.init(
                packetStartSign: bytes[0], payloadLength: bytes[1], packetSequence: bytes[2], systemId: bytes[3],
                componentId: bytes[4], messageId: bytes[5], data: Array(bytes[6..<bytes.count - 2]), checkSum: checkSum
            )
        }

        /// Reads `{"packetStartSign": 254, "payloadLength": …, "packetSequence": …, "systemId": …,
        /// "componentId": …, "messageId": …, "data": "<base64>", "checkSum": …}`.
        public convenience init?(json: [String: Any]) {
            func byte(_ key: String) -> UInt8? { IntdashJSONField.integer(json[key], as: UInt8.self) }
            guard let start = byte("packetStartSign"), let length = byte("payloadLength"), let sequence = byte("packetSequence"),
                let system = byte("systemId"), let component = byte("componentId"), let message = byte("messageId"),
                let data = IntdashJSONField.bytes(json["data"]),
                let checkSum = IntdashJSONField.integer(json["checkSum"], as: UInt16.self)
            else { return nil }
            self.init(
                packetStartSign: start, payloadLength: length, packetSequence: sequence, systemId: system, componentId: component,
                messageId: message, data: data, checkSum: checkSum
            )
        }

        override func payload() throws -> ISCP1Payload {
            let header = [packetStartSign, payloadLength, packetSequence, systemId, componentId, messageId]
            let bytes = header + data + [UInt8(checkSum & 0xff), UInt8(checkSum >> 8)]
            return .opaque(rawDataType: IntdashDataType.mavlinkPacket.rawValue, bytes: bytes)
        }

        override var jsonObject: [String: Any] {
            [
                "packetStartSign": Int(packetStartSign), "payloadLength": Int(payloadLength), "packetSequence": Int(packetSequence),
                "systemId": Int(systemId), "componentId": Int(componentId), "messageId": Int(messageId),
                "data": IntdashJSONField.base64(data), "checkSum": Int(checkSum),
            ]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
