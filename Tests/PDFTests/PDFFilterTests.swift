import ChanceryTestSupport
import Foundation
import Testing

@testable import PDF

/// Checks the stream filters: inflate and deflate against Python's zlib, the predictors,
/// the ASCII, LZW and run-length decoders, the pipeline, and their totality on garbage.
@Suite struct PDFFilterTests {
    static let python = ExternalTool("python3")
    static let qpdf = ExternalTool("qpdf")

    /// A generous output limit for the tests that are not about the limit.
    static let limit = 1 << 28

    /// Runs `script` with Python in `scratch` and requires it to succeed.
    static func runPython(_ script: String, in scratch: ScratchDirectory) async throws -> String {
        let result = try await python.run(["-c", script], in: scratch.url)
        #expect(result.status == 0, "\(result.errors)")
        return result.output
    }

    /// The contents of `name` in `scratch`.
    static func read(_ name: String, in scratch: ScratchDirectory) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: scratch.url.appendingPathComponent(name)))
    }

    /// Sample inputs: empty, tiny, text, long runs, random (more than one stored block) and
    /// a mix.
    static func sampleInputs() -> [[UInt8]] {
        var random = SeededGenerator(seed: 1)
        let text = Array(String(repeating: "BT /F1 12 Tf 72 712 Td (Hello, world) Tj ET\n0.5 g 10 10 100 50 re f\n", count: 800).utf8)
        let noise = (0..<150_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let fewSymbols = (0..<50_000).map { _ in UInt8.random(in: 65...68, using: &random) }
        return [
            [], [0x41], Array("abcabcabcabcabc".utf8), Array(0...255), text,
            [UInt8](repeating: 0, count: 300_000), noise, fewSymbols, text + noise.prefix(5_000) + text,
        ]
    }

    // MARK: Inflate and deflate

    @Test(.enabled(if: python.isInstalled))
    func inflateDecodesWhatZlibWritesAtEveryLevelAndAsRawDeflate() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let inputs = Self.sampleInputs()
        for (index, input) in inputs.enumerated() {
            _ = try scratch.write(input, to: "input\(index)")
        }
        _ = try await Self.runPython(
            """
            import zlib
            for i in range(\(inputs.count)):
                data = open(f'input{i}', 'rb').read()
                for level in (0, 1, 6, 9):
                    open(f'input{i}.z{level}', 'wb').write(zlib.compress(data, level))
                raw = zlib.compressobj(9, zlib.DEFLATED, -15)
                open(f'input{i}.raw', 'wb').write(raw.compress(data) + raw.flush())
            """, in: scratch)
        for (index, input) in inputs.enumerated() {
            for suffix in ["z0", "z1", "z6", "z9", "raw"] {
                let compressed = try Self.read("input\(index).\(suffix)", in: scratch)
                let decoded = try PDFFlate.decompress(compressed, maximumOutputSize: Self.limit)
                #expect(decoded == input, "input \(index) .\(suffix)")
            }
        }
    }

    @Test(.enabled(if: python.isInstalled))
    func compressRoundTripsThroughInflateAndThroughZlib() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let inputs = Self.sampleInputs()
        for (index, input) in inputs.enumerated() {
            let compressed = PDFFlate.compress(input)
            let decoded = try PDFFlate.decompress(compressed, maximumOutputSize: Self.limit)
            #expect(decoded == input, "input \(index)")
            _ = try scratch.write(input, to: "input\(index)")
            _ = try scratch.write(compressed, to: "input\(index).z")
        }
        let output = try await Self.runPython(
            """
            import zlib
            for i in range(\(inputs.count)):
                data = open(f'input{i}', 'rb').read()
                compressed = open(f'input{i}.z', 'rb').read()
                assert zlib.decompress(compressed) == data, i
                print(i, len(data), len(compressed), len(zlib.compress(data, 6)))
            """, in: scratch)
        // Within 5% (plus a few bytes) of zlib's default level on every input.
        for line in output.split(separator: "\n") {
            let numbers = line.split(separator: " ").compactMap { Int($0) }
            #expect(numbers.count == 4)
            guard numbers.count == 4 else { continue }
            #expect(Double(numbers[2]) <= Double(numbers[3]) * 1.05 + 8, "\(line)")
        }
    }

    @Test func compressUsesEveryBlockKind() throws {
        // Random bytes are stored, short text uses the fixed code, long text a dynamic one.
        var random = SeededGenerator(seed: 6)
        let stored = PDFFlate.compress((0..<1_000).map { _ in UInt8.random(in: 0...255, using: &random) })
        #expect(stored[2] & 0b110 == 0)
        let fixed = PDFFlate.compress(Array("q 1 0 0 1 0 0 cm Q".utf8))
        #expect(fixed[2] & 0b110 == 0b010)
        let dynamic = PDFFlate.compress(Array(String(repeating: "the quick brown fox jumps over the lazy dog ", count: 200).utf8))
        #expect(dynamic[2] & 0b110 == 0b100)
    }

    @Test func inflateIsLenientAboutTheTrailerAndTruncation() throws {
        let input = Array(String(repeating: "lenient inflate ", count: 2_000).utf8) + (0..<255).map { UInt8($0) }
        let compressed = PDFFlate.compress(input)

        let withoutChecksum = Array(compressed.dropLast(4))
        #expect(try PDFFlate.decompress(withoutChecksum, maximumOutputSize: Self.limit) == input)

        var wrongChecksum = compressed
        wrongChecksum[wrongChecksum.count - 1] ^= 0xFF
        #expect(try PDFFlate.decompress(wrongChecksum, maximumOutputSize: Self.limit) == input)

        let withTrailingGarbage = compressed + Array("\r\nendstream".utf8)
        #expect(try PDFFlate.decompress(withTrailingGarbage, maximumOutputSize: Self.limit) == input)

        let truncated = Array(compressed.prefix(compressed.count / 2))
        let partial = try PDFFlate.decompress(truncated, maximumOutputSize: Self.limit)
        #expect(!partial.isEmpty && partial.count < input.count)
        #expect(Array(input.prefix(partial.count)) == partial)

        #expect(try PDFFlate.decompress([], maximumOutputSize: Self.limit) == [])
    }

    @Test func inflateRejectsCorruptData() {
        // Block type 3 does not exist.
        #expect(throws: PDFFilterError.self) { try PDFFlate.decompress([0x78, 0x9C, 0x07, 0x00], maximumOutputSize: 100) }
        // A fixed block whose first symbol is a match reaching before the start.
        #expect(throws: PDFFilterError.corruptData(filter: "FlateDecode", reason: "distance too far back")) {
            try PDFFlate.decompress([0x78, 0x9C, 0x03, 0x02, 0x00], maximumOutputSize: 100)
        }
        // A stored block whose length and its complement disagree.
        #expect(throws: PDFFilterError.corruptData(filter: "FlateDecode", reason: "stored block length mismatch")) {
            try PDFFlate.decompress([0x01, 0x05, 0x00, 0x00, 0x00, 1, 2, 3, 4, 5], maximumOutputSize: 100)
        }
    }

    @Test func inflateStopsAtTheOutputLimit() throws {
        let bomb = PDFFlate.compress([UInt8](repeating: 0, count: 20_000_000))
        #expect(bomb.count < 40_000)
        #expect(throws: PDFFilterError.outputTooLarge(limit: 1_000_000)) {
            try PDFFlate.decompress(bomb, maximumOutputSize: 1_000_000)
        }
        let exact = try PDFFlate.decompress(PDFFlate.compress([UInt8](repeating: 7, count: 1_000)), maximumOutputSize: 1_000)
        #expect(exact.count == 1_000)
    }

    @Test func inflateThroughput() throws {
        var random = SeededGenerator(seed: 2)
        let words = ["BT", "ET", "Tf", "Td", "Tj", "re", "f", "q", "Q", "cm", "/F1", "(Chancery)", "0.5", "72", "\n"]
        var text: [UInt8] = []
        while text.count < 4_000_000 {
            text.append(contentsOf: words[Int.random(in: 0..<words.count, using: &random)].utf8)
            text.append(0x20)
        }
        let compressed = PDFFlate.compress(text)
        let clock = ContinuousClock()
        var decoded: [UInt8] = []
        let elapsed = try clock.measure {
            decoded = try PDFFlate.decompress(compressed, maximumOutputSize: Self.limit)
        }
        #expect(decoded == text)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("inflate: \(text.count) bytes in \(seconds) s, \(Double(text.count) / seconds / 1e6) MB/s")
    }

    // MARK: Predictors

    @Test func pngPredictorUndoesEachRowFilter() throws {
        let encoded: [UInt8] = [
            0, 1, 2, 3,
            1, 1, 1, 1,
            2, 1, 1, 1,
            3, 2, 2, 2,
            4, 0, 0, 0,
        ]
        let parameters: PDFDictionary = ["Predictor": .integer(12), "Columns": .integer(3)]
        let decoded = try PDFFilterPipeline.decode(
            PDFFlate.compress(encoded), dictionary: ["Filter": .name("FlateDecode"), "DecodeParms": .dictionary(parameters)],
            maximumOutputSize: Self.limit
        )
        #expect(decoded == [1, 2, 3, 1, 2, 3, 2, 3, 4, 3, 5, 6, 3, 5, 6])
    }

    @Test func pngPredictorUsesWholePixelsToTheLeftAndDecodesAShortLastRow() throws {
        // Two RGB pixels per row: Sub adds the byte three to the left.
        let predictor = try PredictorParameters(["Predictor": .integer(15), "Colors": .integer(3), "Columns": .integer(2)], filter: "FlateDecode")
        let rows = try predictor.undo([1, 10, 20, 30, 1, 2, 3, 2, 5, 5, 5], filter: "FlateDecode")
        #expect(rows == [10, 20, 30, 11, 22, 33, 15, 25, 35])
        #expect(throws: PDFFilterError.self) { try predictor.undo([5, 0, 0, 0, 0, 0, 0], filter: "FlateDecode") }
    }

    @Test func tiffPredictorAddsTheSampleToTheLeft() throws {
        let eightBit = try PredictorParameters(["Predictor": .integer(2), "Colors": .integer(3), "Columns": .integer(2)], filter: "FlateDecode")
        #expect(
            try eightBit.undo([10, 20, 30, 1, 2, 3, 200, 0, 0, 100, 1, 1], filter: "FlateDecode") == [10, 20, 30, 11, 22, 33, 200, 0, 0, 44, 1, 1])
        let sixteenBit = try PredictorParameters(
            ["Predictor": .integer(2), "BitsPerComponent": .integer(16), "Columns": .integer(2)], filter: "LZWDecode")
        #expect(try sixteenBit.undo([0x01, 0xFF, 0x00, 0x02], filter: "LZWDecode") == [0x01, 0xFF, 0x02, 0x01])
        let oneBit = try PredictorParameters(
            ["Predictor": .integer(2), "BitsPerComponent": .integer(1), "Columns": .integer(8)], filter: "FlateDecode")
        #expect(try oneBit.undo([0b1000_0000, 0b0100_0001], filter: "FlateDecode") == [0xFF, 0b0111_1110])
        let fourBit = try PredictorParameters(
            ["Predictor": .integer(2), "BitsPerComponent": .integer(4), "Columns": .integer(4)], filter: "FlateDecode")
        #expect(try fourBit.undo([0x12, 0x34], filter: "FlateDecode") == [0x13, 0x6A])
    }

    @Test func predictorParametersAreChecked() {
        for parameters: PDFDictionary in [
            ["Predictor": .integer(3)], ["Predictor": .integer(12), "BitsPerComponent": .integer(3)],
            ["Predictor": .integer(12), "Colors": .integer(0)],
            ["Predictor": .integer(12), "Columns": .integer(-1)], ["Predictor": .integer(12), "Columns": .real(1e300)],
        ] {
            #expect(throws: PDFFilterError.self, "\(parameters)") {
                try PDFFilterPipeline.decode(
                    [0x78, 0x9C, 0x03, 0x00], dictionary: ["Filter": .name("Fl"), "DecodeParms": .dictionary(parameters)],
                    maximumOutputSize: 100
                )
            }
        }
    }

    // MARK: ASCII, LZW and run-length filters

    @Test func asciiHexDecode() throws {
        #expect(try ASCIIHexDecoder.decode(Array("48 65\n6C6c\t6F>ignored".utf8)) == Array("Hello".utf8))
        #expect(try ASCIIHexDecoder.decode(Array("7>".utf8)) == [0x70])
        #expect(try ASCIIHexDecoder.decode(Array("a1B".utf8)) == [0xA1, 0xB0])
        #expect(try ASCIIHexDecoder.decode([]) == [])
        #expect(throws: PDFFilterError.self) { try ASCIIHexDecoder.decode(Array("4G>".utf8)) }
    }

    @Test(.enabled(if: python.isInstalled))
    func ascii85DecodesWhatPythonEncodes() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var random = SeededGenerator(seed: 3)
        let inputs: [[UInt8]] =
            (0..<40).map { length in
                (0..<length).map { index in index % 7 < 3 ? 0 : UInt8.random(in: 0...255, using: &random) }
            } + [[UInt8](repeating: 0xFF, count: 8), Array("Man is distinguished".utf8)]
        for (index, input) in inputs.enumerated() {
            _ = try scratch.write(input, to: "input\(index)")
        }
        _ = try await Self.runPython(
            """
            import base64
            for i in range(\(inputs.count)):
                data = open(f'input{i}', 'rb').read()
                open(f'input{i}.a85', 'wb').write(base64.a85encode(data, wrapcol=20) + b'~>')
                open(f'input{i}.adobe', 'wb').write(base64.a85encode(data, adobe=True))
            """, in: scratch)
        for (index, input) in inputs.enumerated() {
            for suffix in ["a85", "adobe"] {
                let decoded = try ASCII85Decoder.decode(try Self.read("input\(index).\(suffix)", in: scratch))
                #expect(decoded == input, "input \(index) .\(suffix)")
            }
        }
    }

    @Test func ascii85EdgeCases() throws {
        #expect(try ASCII85Decoder.decode(Array("9jqo^~>".utf8)) == Array("Man ".utf8))
        #expect(try ASCII85Decoder.decode(Array("z z~>".utf8)) == [UInt8](repeating: 0, count: 8))
        #expect(try ASCII85Decoder.decode(Array("9jqo^BlbD-".utf8)) == Array("Man is d".utf8))
        #expect(try ASCII85Decoder.decode(Array("9~>".utf8)) == [])
        #expect(throws: PDFFilterError.self) { try ASCII85Decoder.decode(Array("uuuuu~>".utf8)) }
        #expect(throws: PDFFilterError.self) { try ASCII85Decoder.decode(Array("9jzqo~>".utf8)) }
        #expect(throws: PDFFilterError.self) { try ASCII85Decoder.decode(Array("9jqo{~>".utf8)) }
    }

    @Test func lzwDecodesTheExampleOfTheStandard() throws {
        // ISO 32000-1 §7.4.4.2: "-----A---B" encodes as 80 0B 60 50 22 0C 0C 85 01.
        let encoded: [UInt8] = [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01]
        let decoded = try PDFFilterPipeline.decode(encoded, dictionary: ["Filter": .name("LZW")], maximumOutputSize: 100)
        #expect(decoded == Array("-----A---B".utf8))
        #expect(throws: PDFFilterError.outputTooLarge(limit: 5)) {
            try PDFFilterPipeline.decode(encoded, dictionary: ["Filter": .name("LZWDecode")], maximumOutputSize: 5)
        }
    }

    @Test(.enabled(if: python.isInstalled))
    func lzwDecodesLongDataWithAndWithoutEarlyChange() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // A small LZW encoder in Python (codes grow to 12 bits, the table is cleared when full).
        _ = try await Self.runPython(
            """
            import random
            random.seed(5)
            data = bytes(random.choice(b'abcdefgh ') for _ in range(30000))
            open('plain', 'wb').write(data)
            def encode(data, early):
                table = {bytes([i]): i for i in range(256)}
                next_code, width, bits, out = 258, 9, '', []
                def emit(code):
                    nonlocal bits
                    bits += format(code, f'0{width}b')
                emit(256)
                w = b''
                for byte in data:
                    wc = w + bytes([byte])
                    if wc in table:
                        w = wc
                        continue
                    emit(table[w])
                    table[wc] = next_code
                    next_code += 1
                    if next_code + early > (1 << width) and width < 12:
                        width += 1
                    if next_code == 4095:
                        emit(256)
                        table = {bytes([i]): i for i in range(256)}
                        next_code, width = 258, 9
                    w = bytes([byte])
                emit(table[w])
                emit(257)
                bits += '0' * (-len(bits) % 8)
                return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
            open('early', 'wb').write(encode(data, 1))
            open('late', 'wb').write(encode(data, 0))
            """, in: scratch)
        let plain = try Self.read("plain", in: scratch)
        let early = try PDFFilterPipeline.decode(
            try Self.read("early", in: scratch), dictionary: ["Filter": .name("LZWDecode")], maximumOutputSize: Self.limit)
        #expect(early == plain)
        let late = try PDFFilterPipeline.decode(
            try Self.read("late", in: scratch),
            dictionary: ["Filter": .name("LZWDecode"), "DecodeParms": .dictionary(["EarlyChange": .integer(0)])], maximumOutputSize: Self.limit
        )
        #expect(late == plain)
    }

    @Test func runLengthDecode() throws {
        let encoded: [UInt8] = [2] + Array("abc".utf8) + [254, UInt8(ascii: "x"), 128, 0, 0]
        #expect(try RunLengthDecoder.decode(encoded, maximumOutputSize: 100) == Array("abcxxx".utf8))
        #expect(try RunLengthDecoder.decode([5, 1, 2], maximumOutputSize: 100) == [1, 2])
        #expect(throws: PDFFilterError.outputTooLarge(limit: 10)) { try RunLengthDecoder.decode([129, 0], maximumOutputSize: 10) }
    }

    // MARK: Pipeline

    @Test func pipelineAppliesFiltersInOrderWithTheirParameters() throws {
        let rows: [UInt8] = [2, 1, 2, 3, 2, 1, 1, 1]
        let hex = Array(PDFFlate.compress(rows).map { String(format: "%02x", $0) }.joined(separator: " ").utf8) + [UInt8(ascii: ">")]
        let dictionary: PDFDictionary = [
            "Filter": .array([.name("AHx"), .name("FlateDecode")]),
            "DecodeParms": .array([.null, .dictionary(["Predictor": .integer(12), "Columns": .integer(3)])]),
        ]
        #expect(try PDFFilterPipeline.decode(hex, dictionary: dictionary, maximumOutputSize: 100) == [1, 2, 3, 2, 3, 4])
        #expect(try PDFFilterPipeline.decode([1, 2, 3], dictionary: [:], maximumOutputSize: 100) == [1, 2, 3])
    }

    @Test func pipelineReportsUnsupportedAndMalformedFilters() {
        #expect(throws: PDFFilterError.unsupportedFilter("DCTDecode")) {
            try PDFFilterPipeline.decode([0xFF, 0xD8], dictionary: ["Filter": .name("DCTDecode")], maximumOutputSize: 100)
        }
        #expect(throws: PDFFilterError.unsupportedFilter("JBIG2Decode")) {
            try PDFFilterPipeline.decode([], dictionary: ["Filter": .array([.name("A85"), .name("JBIG2Decode")])], maximumOutputSize: 100)
        }
        #expect(throws: PDFFilterError.self) {
            try PDFFilterPipeline.decode([], dictionary: ["Filter": .integer(3)], maximumOutputSize: 100)
        }
        #expect(throws: PDFFilterError.outputTooLarge(limit: 3)) {
            try PDFFilterPipeline.decode(Array("61626364>".utf8), dictionary: ["Filter": .name("ASCIIHexDecode")], maximumOutputSize: 3)
        }
    }

    @Test func flateStreamsDecodeThroughThePipeline() throws {
        let content = Array("BT /F1 24 Tf 72 720 Td (Flate) Tj ET\n".utf8)
        let stream = PDFStream(flateEncoding: content, dictionary: ["Type": .name("Example")])
        #expect(stream.dictionary["Filter"] == .name("FlateDecode"))
        #expect(stream.dictionary["Type"] == .name("Example"))
        #expect(try PDFFilterPipeline.decode(stream.data, dictionary: stream.dictionary, maximumOutputSize: 1_000) == content)
    }

    @Test(.enabled(if: qpdf.isInstalled))
    func qpdfDecodesTheFlateStreams() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var writer = PDFObjectWriter()
        let catalog = writer.allocate()
        let pages = writer.allocate()
        var content = Array("BT /F1 24 Tf 72 720 Td (Deflated by Chancery) Tj ET\n".utf8)
        content += Array(String(repeating: "0.5 g 10 10 100 50 re f\n", count: 500).utf8)
        let contents = writer.add(PDFStream(flateEncoding: content, dictionary: [:]))
        let font = writer.add(.dictionary(["Type": .name("Font"), "Subtype": .name("Type1"), "BaseFont": .name("Helvetica")]))
        let page = writer.add(
            .dictionary([
                "Type": .name("Page"), "Parent": .reference(pages), "MediaBox": .array([0, 0, 612, 792].map { PDFObject.integer($0) }),
                "Resources": .dictionary(["Font": .dictionary(["F1": .reference(font)])]), "Contents": .reference(contents),
            ]))
        writer.write(.object(.dictionary(["Type": .name("Pages"), "Kids": .array([.reference(page)]), "Count": .integer(1)])), as: pages)
        writer.write(.object(.dictionary(["Type": .name("Catalog"), "Pages": .reference(pages)])), as: catalog)
        let info = writer.add(.dictionary(["Producer": .string(Array("PDFFilterTests".utf8))]))
        let file = try scratch.write(writer.finish(root: catalog, info: info), to: "flate.pdf")

        let check = try await Self.qpdf.run(["--check", file], in: scratch.url)
        #expect(check.status == 0, "\(check.output) \(check.errors)")
        #expect(check.output.contains("No syntax or stream encoding errors found"), "\(check.output)")
        let qdf = try await Self.qpdf.run(["--qdf", "--object-streams=disable", file, "expanded.pdf"], in: scratch.url)
        #expect(qdf.status == 0, "\(qdf.errors)")
        let expanded = try Self.read("expanded.pdf", in: scratch)
        #expect(PDFFileLayout.occurrences(of: "(Deflated by Chancery) Tj", in: expanded).count == 1)
    }

    // MARK: Totality

    @Test func decodersReturnOrThrowOnRandomAndMutatedInput() throws {
        var random = SeededGenerator(seed: 4)
        let clock = ContinuousClock()
        let start = clock.now
        let valid = Self.sampleInputs().prefix(6).map { PDFFlate.compress(Array($0.prefix(3_000))) }
        let names = ["FlateDecode", "LZWDecode", "ASCIIHexDecode", "ASCII85Decode", "RunLengthDecode"]
        for iteration in 0..<4_000 {
            var input: [UInt8]
            if iteration % 2 == 0 {
                input = valid[iteration / 2 % valid.count]
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 0..<input.count, using: &random)
                    input[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
                }
                input = Array(input.prefix(Int.random(in: 0...input.count, using: &random)))
            } else {
                let length = Int.random(in: 0...400, using: &random)
                let alphabet: ClosedRange<UInt8> = iteration % 3 == 0 ? 0x20...0x7E : 0...255
                input = (0..<length).map { _ in UInt8.random(in: alphabet, using: &random) }
            }
            let name = names[iteration % names.count]
            let parameters: PDFDictionary = [
                "Predictor": .integer([1, 2, 10, 12, 15, 7][iteration % 6]),
                "Colors": .integer(Int.random(in: 0...5, using: &random)),
                "BitsPerComponent": .integer([1, 2, 4, 8, 16, 5][Int.random(in: 0..<6, using: &random)]),
                "Columns": .integer(Int.random(in: -1...40, using: &random)),
            ]
            let dictionary: PDFDictionary = ["Filter": .name(name), "DecodeParms": .dictionary(parameters)]
            if let decoded = try? PDFFilterPipeline.decode(input, dictionary: dictionary, maximumOutputSize: 1 << 20) {
                #expect(decoded.count <= 1 << 20)
            }
            if let inflated = try? PDFFlate.decompress(input, maximumOutputSize: 1 << 20) {
                #expect(inflated.count <= 1 << 20)
            }
        }
        #expect(clock.now - start < .seconds(120))
    }
}
