import ISCP

extension IntdashData {
    /// An NMEA 0183 sentence, such as `$GPRMC,…`.
    open class DataNMEA: IntdashData {
        /// The sentence.
        public var nmeaString: String

        /// Creates an NMEA unit.
        public init(nmeaString: String) {
            self.nmeaString = nmeaString
            super.init(dataType: .nmea)
        }

        /// Creates an NMEA unit from the sentence's UTF-8 bytes.
        public convenience init(data: [UInt8]) throws {
            guard let sentence = String(validating: data, as: UTF8.self) else {
                throw IntdashDataError.invalidUTF8("the NMEA sentence")
            }
            self.init(nmeaString: sentence)
        }

        /// Reads `{"nmeaString": "$GPRMC,…"}`.
        public convenience init?(json: [String: Any]) {
            guard let sentence = json["nmeaString"] as? String else { return nil }
            self.init(nmeaString: sentence)
        }

        override func payload() throws -> ISCP1Payload {
            .nmea(nmeaString)
        }

        override var jsonObject: [String: Any] {
            ["nmeaString": nmeaString]
        }

        override var primaryValue: Any? {
            nmeaString
        }
    }
}
