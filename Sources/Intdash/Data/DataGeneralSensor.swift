import ISCP

extension IntdashData {
    /// A reading of one of the general sensors of a phone or a vehicle.
    open class DataGeneralSensor: IntdashData {
        /// Which sensor a reading comes from.
        ///
        /// The numbers the 1.x SDK sends are not public; these follow the order in which it
        /// declares the sensors, from 0, as an enumeration without explicit raw values has.
        public enum SensorId: UInt16, Sendable {
            /// Acceleration without gravity.
            case acceleration
            /// Acceleration with gravity.
            case accelerationIncludingGravity
            /// Gravity.
            case gravity
            /// Rotation rate.
            case rotationRate
            /// Orientation angles.
            case orientationAngle
            /// Latitude and longitude.
            case geoLocationCoordinate
            /// Altitude.
            case geoLocationAltitude
            /// Accuracy of the location.
            case geoLocationAccuracy
            /// Heading.
            case geoLocationHeading
            /// Speed.
            case geoLocationSpeed
        }

        /// The sensor.
        public var id: SensorId
        /// The reading, laid out as the sensor says.
        public var data: [UInt8]

        /// Creates a reading.
        public init(sensorId: SensorId, data: [UInt8]) {
            self.id = sensorId
            self.data = data
            super.init(dataType: .generalSensor)
        }

        /// Reads `{"id": 0, "data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let raw = IntdashJSONField.integer(json["id"], as: UInt16.self), let id = SensorId(rawValue: raw),
                let data = IntdashJSONField.bytes(json["data"])
            else { return nil }
            self.init(sensorId: id, data: data)
        }

        override func payload() throws -> ISCP1Payload {
            .generalSensor(ISCP1GeneralSensorReading(sensorID: id.rawValue, data: data))
        }

        override var jsonObject: [String: Any] {
            ["id": Int(id.rawValue), "data": IntdashJSONField.base64(data)]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
