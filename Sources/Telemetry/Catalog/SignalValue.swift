/// A value a ``SignalConversion`` reads or makes: a number, text or bytes.
public enum SignalValue: Sendable, Hashable {
    /// A number (intdash answers it as a Float unit).
    case number(Double)
    /// Text (a String unit).
    case text(String)
    /// Bytes (a Bytes unit).
    case bytes([UInt8])
}
