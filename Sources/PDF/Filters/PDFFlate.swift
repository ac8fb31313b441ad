/// The FlateDecode filter (ISO 32000-1 §7.4.4): zlib-wrapped deflate data.
public enum PDFFlate {
    /// The zlib stream (header, deflate data, Adler-32) of `bytes`, for writers.
    public static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var output = ZlibHeader.bytes
        output.append(contentsOf: Deflater.deflate(bytes))
        let checksum = Adler32.checksum(bytes)
        output.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: checksum >> $0) })
        return output
    }

    /// The bytes encoded by the zlib stream `bytes`.
    ///
    /// Lenient the way PDF viewers are: the Adler-32 trailer is not checked (pdf.js ignores
    /// it too), so a missing or wrong checksum is accepted; data after the final block is
    /// ignored; data that ends in the middle of a block yields the bytes decoded up to that
    /// point; and data without a valid zlib header is decoded as raw deflate, as some
    /// producers write it. Data that is not deflate (an invalid code, block type or
    /// distance) is an error.
    ///
    /// - Throws: ``PDFFilterError/corruptData(filter:reason:)``, or
    ///   ``PDFFilterError/outputTooLarge(limit:)`` when the output would exceed
    ///   `maximumOutputSize` bytes.
    public static func decompress(_ bytes: [UInt8], maximumOutputSize: Int) throws(PDFFilterError) -> [UInt8] {
        var inflater = Inflater(bytes, from: ZlibHeader.isValid(bytes) ? 2 : 0, maximumOutputSize: maximumOutputSize)
        do {
            try inflater.decodeAllBlocks()
        } catch {
            switch error {
            case .truncated:
                break
            case .outputTooLarge:
                throw .outputTooLarge(limit: maximumOutputSize)
            case .corrupt(let reason):
                throw .corruptData(filter: "FlateDecode", reason: reason)
            }
        }
        return inflater.output
    }
}
