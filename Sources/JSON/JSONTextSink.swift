/// Where ``JSONWriter`` can write JSON text: something bytes are appended to, in order.
public protocol JSONTextSink {
    /// Appends `bytes`.
    mutating func appendJSONText(_ bytes: some Collection<UInt8>)
}

extension Array: JSONTextSink where Element == UInt8 {
    /// Appends `bytes` to the array.
    public mutating func appendJSONText(_ bytes: some Collection<UInt8>) {
        append(contentsOf: bytes)
    }
}
