extension QRCode {
    /// Why a payload cannot be encoded.
    public enum EncodingError: Error, Equatable {
        /// The payload has more bytes than version 40 holds at the requested level.
        case dataTooLong(byteCount: Int, capacity: Int)
        /// The minimum version is not between 1 and 40.
        case versionOutOfRange(Int)
        /// The mask is not between 0 and 7.
        case maskOutOfRange(Int)
    }
}
