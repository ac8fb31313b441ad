/// The value of intdash's in-band error point: `{error, error_description, error_extra?}`.
struct IntdashDataError: Encodable, Sendable {
    /// The signal whose conversion failed: `{signal_channel, signal_data_id,
    /// signal_data_type, signal_label}`.
    struct SignalExtra: Encodable, Sendable {
        /// The signal's channel.
        let signalChannel: Int
        /// The signal's data ID.
        let signalDataID: String
        /// The signal's data type.
        let signalDataType: Int
        /// The signal's label.
        let signalLabel: String

        /// The wire names.
        enum CodingKeys: String, CodingKey {
            case signalChannel = "signal_channel"
            case signalDataID = "signal_data_id"
            case signalDataType = "signal_data_type"
            case signalLabel = "signal_label"
        }
    }

    /// The error's code: `converted_error` or `stored_data_error`.
    let error: String
    /// What went wrong, for people.
    let errorDescription: String
    /// The signal a `converted_error` is about; absent for other errors.
    let errorExtra: SignalExtra?

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
        case errorExtra = "error_extra"
    }

    /// A value that `signal` could not convert.
    static func converted(_ error: any Error, signal: Signal) -> IntdashDataError {
        IntdashDataError(
            error: "converted_error", errorDescription: "Error occurred in signal conversion: \(error)",
            errorExtra: SignalExtra(
                signalChannel: Int(signal.channel), signalDataID: signal.dataID, signalDataType: Int(signal.dataType), signalLabel: signal.label
            )
        )
    }

    /// A stored chunk that could not be read, for `description`.
    static func storedData(_ description: String) -> IntdashDataError {
        IntdashDataError(error: "stored_data_error", errorDescription: description, errorExtra: nil)
    }
}
