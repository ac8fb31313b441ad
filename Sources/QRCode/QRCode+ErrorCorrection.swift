extension QRCode {
    /// The error-correction level: how many codewords of the symbol are Reed–Solomon
    /// codewords, and so how much damage a reader can recover from.
    public enum ErrorCorrection: Sendable, Hashable, CaseIterable {
        /// Level L: about 7 % of the codewords can be restored.
        case low
        /// Level M: about 15 % of the codewords can be restored.
        case medium
        /// Level Q: about 25 % of the codewords can be restored.
        case quartile
        /// Level H: about 30 % of the codewords can be restored.
        case high

        /// The two bits that name the level in the format information (ISO/IEC 18004, table 12).
        var formatBits: Int {
            switch self {
            case .low: 0b01
            case .medium: 0b00
            case .quartile: 0b11
            case .high: 0b10
            }
        }
    }
}
