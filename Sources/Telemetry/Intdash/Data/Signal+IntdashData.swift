import ISCP

extension Signal {
    /// Whether the signal reads `response`, a point with the signal's iSCP 1.0 data id.
    func reads(_ response: IntdashDataResponse) -> Bool {
        reads(dataType: response.dataType, channel: response.channel, dataID: response.dataID)
    }

    /// Whether the signal reads points of `id`, to narrow what is read from the store.
    func reads(_ id: TelemetryDataID) -> Bool {
        let view = ISCP1DataIDView(id)
        return reads(dataType: view.rawDataType, channel: view.channel, dataID: view.iscp1DataID)
    }

    /// Whether the signal reads points of the iSCP 1.0 data id `(dataType, channel, dataID)`.
    /// The hexadecimal ids of CAN frames, general sensor readings, control pad states and
    /// generic data match in either case (this server writes them in lowercase, intdash's own
    /// examples in uppercase).
    private func reads(dataType: UInt8, channel: UInt8, dataID: String) -> Bool {
        guard dataType == self.dataType, channel == self.channel else { return false }
        switch ISCP1DataType(rawValue: dataType) {
        case .can, .generalSensor, .controlPad, .generic: return dataID.lowercased() == self.dataID.lowercased()
        default: return dataID == self.dataID
        }
    }

    /// What `GET /v1/data?label=…` answers for `response`, a point the signal reads: its value
    /// converted, as a unit whose id is the label, on the signal's channel, at the point's
    /// time — a Float unit for a number, a String unit for text, a Bytes unit for bytes (what
    /// intdash answers for labels). When the value cannot be converted, intdash's error point
    /// `converted_error`, whose `error_extra` names the signal.
    func answer(for response: IntdashDataResponse) -> (response: IntdashDataResponse, isError: Bool) {
        do {
            let payload: ISCP1Payload
            switch try conversion.apply(to: response.signalValue) {
            case .number(let number): payload = .float(ISCP1IdentifiedValue(id: label, value: number))
            case .text(let text): payload = .string(ISCP1IdentifiedValue(id: label, value: text))
            case .bytes(let bytes): payload = .bytes(ISCP1IdentifiedValue(id: label, value: bytes))
            }
            let converted = IntdashDataResponse(
                measurementUUID: response.measurementUUID, time: response.time, createdAt: response.createdAt,
                dataType: payload.rawDataType, channel: channel, dataID: label, payload: try payload.encoded()
            )
            return (converted, false)
        } catch {
            let value = IntdashDataError.converted(error, signal: self)
            return (IntdashDataResponse(error: value, measurementUUID: response.measurementUUID, time: response.time), true)
        }
    }
}

extension IntdashDataResponse {
    /// The value a signal reads from the point: the number of a Float or Int unit; the text of
    /// a String unit or an NMEA sentence; the data bytes of a CAN frame, a general sensor
    /// reading, a control pad state, generic data or a Bytes unit (what follows their ids);
    /// the whole payload of any other type.
    var signalValue: SignalValue {
        switch try? ISCP1Payload(rawDataType: dataType, decoding: payload) {
        case .float(let value): .number(value.value)
        case .int(let value): .number(Double(value.value))
        case .string(let value): .text(value.value)
        case .nmea(let sentence): .text(sentence)
        case .can(let frame): .bytes(frame.data)
        case .generalSensor(let reading): .bytes(reading.data)
        case .controlPad(let state): .bytes(state.data)
        case .generic(let data): .bytes(data.data)
        case .bytes(let value): .bytes(value.value)
        default: .bytes(payload)
        }
    }
}
