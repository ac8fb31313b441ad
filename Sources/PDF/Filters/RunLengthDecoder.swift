/// The RunLengthDecode filter (ISO 32000-1 §7.4.5): a length byte 0…127 followed by that
/// many plus one literal bytes, 129…255 followed by one byte repeated 257 minus it times,
/// and 128 marking the end.
enum RunLengthDecoder {
    /// The bytes encoded by `data`. Data that ends without the end marker, even inside a
    /// run, yields the bytes decoded so far.
    static func decode(_ data: [UInt8], maximumOutputSize: Int) throws(PDFFilterError) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < data.count {
            let length = Int(data[index])
            index += 1
            if length == 128 { break }
            let runCount = length < 128 ? length + 1 : 257 - length
            guard output.count + runCount <= maximumOutputSize else {
                throw .outputTooLarge(limit: maximumOutputSize)
            }
            if length < 128 {
                let end = min(index + runCount, data.count)
                output.append(contentsOf: data[index..<end])
                index = end
            } else if index < data.count {
                output.append(contentsOf: repeatElement(data[index], count: runCount))
                index += 1
            }
        }
        return output
    }
}
