/// How many bytes the streams of one file may still decode to, in all.
///
/// Each stream is bounded by ``PDFReadLimits/maximumDecodedStreamSize``; the budget bounds
/// their sum too, so that a file of many small, highly compressed streams cannot make reading
/// it take unbounded time or memory. Every decode of a ``PDFFile`` draws on its budget.
final class PDFDecodingBudget {
    /// The bytes left.
    private(set) var remaining: Int
    /// The bound on one stream.
    let perStream: Int
    /// The budget a file starts with, for messages.
    let total: Int

    /// A full budget for `limits`.
    init(limits: PDFReadLimits) {
        remaining = limits.maximumTotalDecodedSize
        total = limits.maximumTotalDecodedSize
        perStream = limits.maximumDecodedStreamSize
    }

    /// `data` decoded through the filters of `dictionary` (whose `/Filter` and `/DecodeParms`
    /// are resolved), charged to the budget; `reference` names the stream in errors.
    func decode(_ data: [UInt8], dictionary: PDFDictionary, reference: PDFReference?) throws(PDFReadError) -> [UInt8] {
        let allowed = min(perStream, remaining)
        let decoded: [UInt8]
        do {
            decoded = try PDFFilterPipeline.decode(data, dictionary: dictionary, maximumOutputSize: allowed)
        } catch .outputTooLarge where allowed < perStream {
            throw .limitExceeded("the file's streams decode to more than \(total) bytes in all")
        } catch {
            throw .undecodableStream(reference, error)
        }
        remaining -= decoded.count
        return decoded
    }
}
