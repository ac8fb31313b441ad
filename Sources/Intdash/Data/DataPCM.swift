import ISCP

extension IntdashData {
    /// PCM audio samples and their format.
    open class DataPCM: IntdashData {
        /// The sample format.
        public var formatId: UInt16
        /// The number of audio channels.
        public var channels: UInt16
        /// Samples per second.
        public var sampleRate: UInt32
        /// Bits per sample.
        public var bitsPerSample: UInt16
        /// The samples.
        public var data: [UInt8]

        /// Creates a PCM unit.
        public init(formatId: UInt16, channels: UInt16, sampleRate: UInt32, bitsPerSample: UInt16, data: [UInt8]) {
            self.formatId = formatId
            self.channels = channels
            self.sampleRate = sampleRate
            self.bitsPerSample = bitsPerSample
            self.data = data
            super.init(dataType: .pcm)
        }

        /// Reads `{"formatId": 1, "channels": 2, "sampleRate": 44100, "bitsPerSample": 16, "data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let formatId = IntdashJSONField.integer(json["formatId"], as: UInt16.self),
                let channels = IntdashJSONField.integer(json["channels"], as: UInt16.self),
                let sampleRate = IntdashJSONField.integer(json["sampleRate"], as: UInt32.self),
                let bitsPerSample = IntdashJSONField.integer(json["bitsPerSample"], as: UInt16.self),
                let data = IntdashJSONField.bytes(json["data"])
            else { return nil }
            self.init(formatId: formatId, channels: channels, sampleRate: sampleRate, bitsPerSample: bitsPerSample, data: data)
        }

        override func payload() throws -> ISCP1Payload {
            .pcm(ISCP1PCMAudio(formatID: formatId, channels: channels, sampleRate: sampleRate, bitsPerSample: bitsPerSample, data: data))
        }

        override var jsonObject: [String: Any] {
            [
                "formatId": Int(formatId), "channels": Int(channels), "sampleRate": Int(sampleRate),
                "bitsPerSample": Int(bitsPerSample), "data": IntdashJSONField.base64(data),
            ]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
