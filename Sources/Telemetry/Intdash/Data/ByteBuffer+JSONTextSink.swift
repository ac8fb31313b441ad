import JSON
import NIOCore

extension ByteBuffer: JSONTextSink {
    /// Writes `bytes` at the buffer's writer index.
    public mutating func appendJSONText(_ bytes: some Collection<UInt8>) {
        writeBytes(bytes)
    }
}
