import ChanceryTestSupport
import Foundation
import Testing

@testable import PDF

/// Checks PNG and JPEG images made into image XObjects: PNG files of every colour type, bit
/// depth and interlacing written by a small Python encoder are compared pixel by pixel with
/// what the XObject and its soft mask decode to; Poppler renders a page of images.
@Suite struct PDFImageTests {
    static let python = ExternalTool("python3")
    static let pdftoppm = ExternalTool("pdftoppm")
    static let qpdf = ExternalTool("qpdf")

    /// A PNG encoder in Python (zlib and struct only) that writes `NAME.png`, rows filtered
    /// with each of the five filter types in turn, and `NAME.rgba`, the expected 8-bit RGBA
    /// pixels; then the test images listed in ``pngCases``.
    static let pngWriter = #"""
        import random, struct, zlib
        random.seed(11)
        PASSES = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        def chunk(kind, data):
            return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
        def paeth(a, b, c):
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        def pack(samples, depth):
            if depth == 16:
                return b''.join(struct.pack('>H', s) for s in samples)
            out, acc, n = bytearray(), 0, 0
            for s in samples:
                acc, n = (acc << depth) | s, n + depth
                if n == 8:
                    out.append(acc)
                    acc, n = 0, 0
            if n:
                out.append(acc << (8 - n))
            return bytes(out)
        def filtered(rows, bpp):
            out, prev = bytearray(), bytes(len(rows[0]))
            for i, row in enumerate(rows):
                kind = i % 5
                out.append(kind)
                for x in range(len(row)):
                    a = row[x - bpp] if x >= bpp else 0
                    c = prev[x - bpp] if x >= bpp else 0
                    out.append((row[x] - [0, a, prev[x], (a + prev[x]) // 2, paeth(a, prev[x], c)][kind]) & 255)
                prev = row
            return bytes(out)
        def png(name, w, h, ctype, depth, interlace=0, trns=False):
            channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
            top = 255 if ctype == 3 and depth == 8 else (1 << depth) - 1
            colours = min(top + 1, 9) if ctype == 3 else top + 1
            pixels = [[tuple(random.randrange(colours) for _ in range(channels)) for x in range(w)] for y in range(h)]
            plte = bytes(random.randrange(256) for _ in range(3 * colours)) if ctype == 3 else None
            key = None
            if trns and ctype in (0, 2):
                key = pixels[0][0]
                pixels[h - 1][w - 1] = key
                trns_data = b''.join(struct.pack('>H', s) for s in key)
            elif trns:
                trns_data = bytes([0, 128, 255, 37])
            def encode(xs, ys):
                rows = [pack([s for x in xs for s in pixels[y][x]], depth) for y in ys]
                return filtered(rows, max(1, channels * depth // 8)) if rows and xs else b''
            if interlace:
                data = b''.join(encode(range(x0, w, dx), range(y0, h, dy)) for (x0, y0, dx, dy) in PASSES)
            else:
                data = encode(range(w), range(h))
            z = zlib.compress(data, 9)
            parts = [b'\x89PNG\r\n\x1a\n', chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, depth, ctype, 0, 0, interlace))]
            if plte:
                parts.append(chunk(b'PLTE', plte))
            if trns:
                parts.append(chunk(b'tRNS', trns_data))
            parts += [chunk(b'tEXt', b'Comment\x00ignored'), chunk(b'IDAT', z[:len(z) // 2]), chunk(b'IDAT', z[len(z) // 2:]), chunk(b'IEND', b'')]
            open(name + '.png', 'wb').write(b''.join(parts))
            def scale(s):
                return s >> 8 if depth == 16 else s * 255 // top
            expected = bytearray()
            for y in range(h):
                for x in range(w):
                    p = pixels[y][x]
                    if ctype == 3:
                        rgb = list(plte[3 * p[0]:3 * p[0] + 3])
                        alpha = ([0, 128, 255, 37][p[0]] if p[0] < 4 else 255) if trns else 255
                    else:
                        rgb = [scale(p[0])] * 3 if ctype in (0, 4) else [scale(s) for s in p[:3]]
                        alpha = scale(p[-1]) if ctype in (4, 6) else (0 if key == p else 255)
                    expected += bytes(rgb + [alpha])
            open(name + '.rgba', 'wb').write(expected)
        import sys
        for line in sys.stdin.read().split('\n'):
            if line:
                name, w, h, ctype, depth, interlace, trns = line.split()
                png(name, int(w), int(h), int(ctype), int(depth), int(interlace), trns == '1')
        """#

    /// The PNG files made for the tests: name, width, height, colour type, bit depth,
    /// interlaced, with tRNS.
    static let pngCases: [(name: String, width: Int, height: Int, colorType: Int, depth: Int, interlaced: Bool, transparency: Bool)] = {
        var cases: [(String, Int, Int, Int, Int, Bool, Bool)] = []
        for interlaced in [false, true] {
            let suffix = interlaced ? "-adam7" : ""
            for depth in [1, 2, 4, 8, 16] {
                cases.append(("gray\(depth)\(suffix)", 13, 11, 0, depth, interlaced, false))
            }
            for depth in [1, 2, 4, 8] {
                cases.append(("palette\(depth)\(suffix)", 10, 9, 3, depth, interlaced, false))
                cases.append(("palette\(depth)-trns\(suffix)", 9, 10, 3, depth, interlaced, true))
            }
            for depth in [8, 16] {
                cases.append(("rgb\(depth)\(suffix)", 7, 6, 2, depth, interlaced, false))
                cases.append(("rgb\(depth)-trns\(suffix)", 7, 6, 2, depth, interlaced, true))
                cases.append(("grayalpha\(depth)\(suffix)", 5, 9, 4, depth, interlaced, false))
                cases.append(("rgba\(depth)\(suffix)", 9, 5, 6, depth, interlaced, false))
            }
            cases.append(("gray2-trns\(suffix)", 12, 3, 0, 2, interlaced, true))
            cases.append(("gray8-trns\(suffix)", 3, 12, 0, 8, interlaced, true))
        }
        cases.append(("tiny-adam7", 1, 1, 6, 8, true, false))
        cases.append(("small-adam7", 3, 2, 0, 1, true, false))
        return cases
    }()

    /// Writes the ``pngCases`` into `scratch`.
    static func writePNGCases(in scratch: ScratchDirectory) async throws {
        let lines = pngCases.map {
            "\($0.name) \($0.width) \($0.height) \($0.colorType) \($0.depth) \($0.interlaced ? 1 : 0) \($0.transparency ? 1 : 0)"
        }
        _ = try scratch.write(Array(lines.joined(separator: "\n").utf8), to: "cases.txt")
        let result = try await python.run(["-c", "import sys; sys.stdin = open('cases.txt')\n" + pngWriter], in: scratch.url)
        #expect(result.status == 0, "\(result.errors)")
    }

    /// The contents of `name` in `scratch`.
    static func read(_ name: String, in scratch: ScratchDirectory) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: scratch.url.appendingPathComponent(name)))
    }

    /// The 8-bit RGBA pixels an image XObject made by ``PDFImage`` decodes to, interpreting
    /// its colour space, bits per component and soft mask as a PDF viewer would.
    static func rgbaPixels(of image: PDFImage) throws -> [UInt8] {
        let dictionary = image.stream.dictionary
        let samples = try PDFFilterPipeline.decode(image.stream.data, dictionary: dictionary, maximumOutputSize: 1 << 26)
        let bits = try #require(dictionary["BitsPerComponent"]?.integerValue)
        let colorSpace = try #require(dictionary["ColorSpace"])
        let components = colorSpace == .name("DeviceRGB") ? 3 : 1
        let palette = colorSpace.arrayValue?.last?.stringBytes
        let rowLength = (image.width * components * bits + 7) / 8
        #expect(samples.count == rowLength * image.height)

        var alpha = [UInt8](repeating: 255, count: image.width * image.height)
        if let softMask = image.softMask {
            #expect(softMask.dictionary["ColorSpace"] == .name("DeviceGray"))
            #expect(softMask.dictionary["BitsPerComponent"] == .integer(8))
            alpha = try PDFFilterPipeline.decode(softMask.data, dictionary: softMask.dictionary, maximumOutputSize: 1 << 26)
        }
        var pixels: [UInt8] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let values = (0..<components).map {
                    PackedSamples.sample(in: samples, rowStart: y * rowLength, index: x * components + $0, bits: bits)
                }
                if let palette {
                    pixels += palette[(3 * values[0])..<(3 * values[0] + 3)]
                } else {
                    let scaled = values.map { UInt8(bits == 16 ? $0 >> 8 : $0 * 255 / (1 << bits - 1)) }
                    pixels += components == 3 ? scaled : [scaled[0], scaled[0], scaled[0]]
                }
                pixels.append(alpha[y * image.width + x])
            }
        }
        return pixels
    }

    @Test(.enabled(if: python.isInstalled))
    func pngImagesDecodeToTheirPixelsAndAlpha() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try await Self.writePNGCases(in: scratch)
        for testCase in Self.pngCases {
            let png = try Self.read("\(testCase.name).png", in: scratch)
            let expected = try Self.read("\(testCase.name).rgba", in: scratch)
            let image = try PDFImage(png: png)
            #expect(image.width == testCase.width && image.height == testCase.height, "\(testCase.name)")
            #expect(try Self.rgbaPixels(of: image) == expected, "\(testCase.name)")

            let hasAlpha = testCase.colorType == 4 || testCase.colorType == 6 || testCase.transparency
            #expect((image.softMask != nil) == hasAlpha, "\(testCase.name)")
            let keepsImageData = !testCase.interlaced && testCase.colorType != 4 && testCase.colorType != 6
            #expect((image.stream.dictionary["DecodeParms"] != nil) == keepsImageData, "\(testCase.name)")
            if testCase.colorType == 3 {
                let colorSpace = try #require(image.stream.dictionary["ColorSpace"]?.arrayValue)
                #expect(colorSpace.prefix(2) == [.name("Indexed"), .name("DeviceRGB")])
            }
        }
    }

    @Test func pngImageWithoutAlphaKeepsTheZlibStream() throws {
        // A 2 × 1 RGB image: red, blue.
        let rows: [UInt8] = [0, 255, 0, 0, 0, 0, 255]
        let png = Self.png(width: 2, height: 1, colorType: 2, imageData: PDFFlate.compress(rows))
        let image = try PDFImage(png: png)
        #expect(image.stream.data == PDFFlate.compress(rows))
        #expect(image.stream.dictionary["Filter"] == .name("FlateDecode"))
        #expect(
            image.stream.dictionary["DecodeParms"]
                == .dictionary([
                    "Predictor": .integer(15), "Colors": .integer(3), "BitsPerComponent": .integer(8), "Columns": .integer(2),
                ]))
        #expect(image.softMask == nil)

        var writer = PDFObjectWriter()
        let reference = image.write(to: &writer)
        #expect(reference.number == 1)
    }

    @Test func malformedPNGFilesAreRejected() throws {
        let rows: [UInt8] = [0, 1, 2, 3]
        let valid = Self.png(width: 1, height: 1, colorType: 2, imageData: PDFFlate.compress(rows))
        #expect(throws: PDFImageError.notPNG) { try PDFImage(png: Array("GIF89a".utf8)) }

        var badCRC = valid
        badCRC[29] ^= 1
        #expect(throws: PDFImageError.corrupt("bad CRC in chunk IHDR")) { try PDFImage(png: badCRC) }

        let short = Self.png(width: 2, height: 1, colorType: 2, imageData: PDFFlate.compress(rows))
        #expect(throws: PDFImageError.corrupt("the image data ends early")) { try PDFImage(png: short) }

        let badFilter = Self.png(width: 1, height: 1, colorType: 2, imageData: PDFFlate.compress([9, 1, 2, 3]))
        #expect(throws: PDFImageError.corrupt("invalid row filter type")) { try PDFImage(png: badFilter) }

        let badDepth = Self.png(width: 1, height: 1, colorType: 2, depth: 4, imageData: PDFFlate.compress(rows))
        #expect(throws: PDFImageError.self) { try PDFImage(png: badDepth) }

        let noPalette = Self.png(width: 1, height: 1, colorType: 3, imageData: PDFFlate.compress([0, 0]))
        #expect(throws: PDFImageError.corrupt("missing or malformed PLTE")) { try PDFImage(png: noPalette) }

        #expect(throws: PDFImageError.corrupt("the file ends before IEND")) { try PDFImage(png: Array(valid.dropLast(12))) }
    }

    /// A PNG file with an IHDR for `width` × `height`, colour type `colorType` and bit depth
    /// `depth`, then `imageData` in one IDAT chunk.
    static func png(width: Int, height: Int, colorType: UInt8, depth: UInt8 = 8, imageData: [UInt8]) -> [UInt8] {
        /// A chunk with its length and CRC.
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typeAndData = Array(type.utf8) + data
            return bigEndian(data.count) + typeAndData + bigEndian(Int(CRC32.checksum(typeAndData[...])))
        }
        /// Four big-endian bytes.
        func bigEndian(_ value: Int) -> [UInt8] {
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
        }
        let header = bigEndian(width) + bigEndian(height) + [depth, colorType, 0, 0, 0]
        return PNGFile.signature + chunk("IHDR", header) + chunk("IDAT", imageData) + chunk("IEND", [])
    }

    /// A Python script writing two 8 × 8 baseline JPEG files of one flat colour each, with
    /// hand-made Huffman tables: `gray.jpg` (black) and `cmyk.jpg` (pure cyan, Adobe-style
    /// inverted CMYK with an APP14 marker).
    static let jpegWriter = #"""
        import struct
        def segment(marker, data):
            return bytes([0xFF, marker]) + struct.pack('>H', len(data) + 2) + data
        def jpeg(name, stored, adobe):
            n = len(stored)
            out = b'\xff\xd8' + segment(0xE0, b'JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00')
            if adobe:
                out += segment(0xEE, b'Adobe' + struct.pack('>HHHB', 100, 0, 0, 0))
            out += segment(0xDB, b'\x00' + bytes([1] * 64))
            out += segment(0xC0, struct.pack('>BHHB', 8, 8, 8, n) + b''.join(bytes([i + 1, 0x11, 0]) for i in range(n)))
            out += segment(0xC4, bytes([0x00, 0, 2] + [0] * 14 + [10, 11]))
            out += segment(0xC4, bytes([0x10, 1] + [0] * 15 + [0]))
            out += segment(0xDA, bytes([n]) + b''.join(bytes([i + 1, 0]) for i in range(n)) + bytes([0, 63, 0]))
            bits = ''
            for value in stored:
                dc = 8 * (value - 128)
                bits += ('01' + format(dc + 2047, '011b')) if dc < 0 else ('00' + format(dc, '010b'))
                bits += '0'
            bits += '1' * (-len(bits) % 8)
            data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)).replace(b'\xff', b'\xff\x00')
            open(name, 'wb').write(out + data + b'\xff\xd9')
        jpeg('gray.jpg', [0], False)
        jpeg('cmyk.jpg', [0, 255, 255, 255], True)
        """#

    @Test(.enabled(if: python.isInstalled))
    func jpegImagesKeepTheirDataAndDescribeIt() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let result = try await Self.python.run(["-c", Self.jpegWriter], in: scratch.url)
        #expect(result.status == 0, "\(result.errors)")

        let grayJPEG = try Self.read("gray.jpg", in: scratch)
        let gray = try PDFImage(jpeg: grayJPEG)
        #expect(gray.width == 8 && gray.height == 8)
        #expect(gray.stream.data == grayJPEG)
        #expect(gray.stream.dictionary["Filter"] == .name("DCTDecode"))
        #expect(gray.stream.dictionary["ColorSpace"] == .name("DeviceGray"))
        #expect(gray.stream.dictionary["Decode"] == nil)

        let cmyk = try PDFImage(jpeg: try Self.read("cmyk.jpg", in: scratch))
        #expect(cmyk.stream.dictionary["ColorSpace"] == .name("DeviceCMYK"))
        #expect(cmyk.stream.dictionary["Decode"] == .array([1, 0, 1, 0, 1, 0, 1, 0].map { PDFObject.integer($0) }))

        #expect(throws: PDFImageError.notJPEG) { try PDFImage(jpeg: Self.png(width: 1, height: 1, colorType: 0, imageData: [])) }
        #expect(throws: PDFImageError.self) { try PDFImage(jpeg: Array(grayJPEG.prefix(30))) }
    }

    @Test(.enabled(if: python.isInstalled && pdftoppm.isInstalled && qpdf.isInstalled))
    func popplerRendersTheImagesWithTheirTransparency() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let result = try await Self.python.run(["-c", Self.jpegWriter], in: scratch.url)
        #expect(result.status == 0, "\(result.errors)")

        // 2 × 2 RGBA: red, green / transparent blue, half-transparent blue.
        let rgba: [UInt8] = [0, 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 128]
        let images = [
            try PDFImage(png: Self.png(width: 2, height: 2, colorType: 6, imageData: PDFFlate.compress(rgba))),
            try PDFImage(jpeg: try Self.read("gray.jpg", in: scratch)),
            try PDFImage(jpeg: try Self.read("cmyk.jpg", in: scratch)),
        ]

        var writer = PDFObjectWriter()
        let catalog = writer.allocate()
        let pages = writer.allocate()
        var xObjects = PDFDictionary()
        var content = ""
        for (index, image) in images.enumerated() {
            xObjects["Im\(index)"] = .reference(image.write(to: &writer))
            content += "q 100 0 0 100 \(100 * index) 0 cm /Im\(index) Do Q\n"
        }
        let contents = writer.add(PDFStream(flateEncoding: Array(content.utf8), dictionary: [:]))
        let page = writer.add(
            .dictionary([
                "Type": .name("Page"), "Parent": .reference(pages),
                "MediaBox": .array([0, 0, 300, 100].map { PDFObject.integer($0) }),
                "Resources": .dictionary(["XObject": .dictionary(xObjects)]), "Contents": .reference(contents),
            ]))
        writer.write(.object(.dictionary(["Type": .name("Pages"), "Kids": .array([.reference(page)]), "Count": .integer(1)])), as: pages)
        writer.write(.object(.dictionary(["Type": .name("Catalog"), "Pages": .reference(pages)])), as: catalog)
        let info = writer.add(.dictionary(["Producer": .string(Array("PDFImageTests".utf8))]))
        let file = try scratch.write(writer.finish(root: catalog, info: info), to: "images.pdf")

        let check = try await Self.qpdf.run(["--check", file], in: scratch.url)
        #expect(check.output.contains("No syntax or stream encoding errors found"), "\(check.output) \(check.errors)")

        let render = try await Self.pdftoppm.run(["-r", "72", "-singlefile", file, "page"], in: scratch.url)
        #expect(render.status == 0, "\(render.errors)")
        let ppm = try Self.read("page.ppm", in: scratch)
        let header = Array("P6\n300 100\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        /// The rendered colour at `x`, `y` pixels from the top left.
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let start = header.count + 3 * (y * 300 + x)
            return ppm[start..<(start + 3)].map { Int($0) }
        }
        /// Whether `actual` is within 12 of `expected` in every channel.
        func isClose(_ actual: [Int], _ expected: [Int]) -> Bool {
            zip(actual, expected).allSatisfy { abs($0 - $1) <= 12 }
        }
        #expect(isClose(pixel(25, 25), [255, 0, 0]), "\(pixel(25, 25))")
        #expect(isClose(pixel(75, 25), [0, 255, 0]), "\(pixel(75, 25))")
        #expect(isClose(pixel(25, 75), [255, 255, 255]), "\(pixel(25, 75))")
        #expect(isClose(pixel(75, 75), [127, 127, 255]), "\(pixel(75, 75))")
        #expect(isClose(pixel(150, 50), [0, 0, 0]), "\(pixel(150, 50))")
        let cyan = pixel(250, 50)
        #expect(cyan[0] < 80 && cyan[1] > 120 && cyan[2] > 180, "\(cyan)")
    }

    @Test(.enabled(if: python.isInstalled))
    func parsersReturnOrThrowOnMutatedFiles() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try await Self.writePNGCases(in: scratch)
        let jpegResult = try await Self.python.run(["-c", Self.jpegWriter], in: scratch.url)
        #expect(jpegResult.status == 0)
        let pngs = try ["palette4-trns-adam7", "rgba16", "gray1-adam7", "rgb8-trns"].map { try Self.read("\($0).png", in: scratch) }
        let jpegs = try ["gray.jpg", "cmyk.jpg"].map { try Self.read($0, in: scratch) }

        var random = SeededGenerator(seed: 9)
        let clock = ContinuousClock()
        let start = clock.now
        var decodedCount = 0
        for iteration in 0..<3_000 {
            var png = pngs[iteration % pngs.count]
            // Mutate inside one chunk and fix its CRC, so that the damage reaches the decoder.
            let chunkStart = [8, 33, png.count - 40][iteration % 3]
            let length = png[chunkStart..<(chunkStart + 4)].reduce(0) { $0 << 8 | Int($1) }
            if length > 0, chunkStart + 12 + length <= png.count {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let index = chunkStart + 8 + Int.random(in: 0..<length, using: &random)
                    png[index] = UInt8.random(in: 0...255, using: &random)
                }
                let crc = CRC32.checksum(png[(chunkStart + 4)..<(chunkStart + 8 + length)])
                for (offset, shift) in [24, 16, 8, 0].enumerated() {
                    png[chunkStart + 8 + length + offset] = UInt8(truncatingIfNeeded: crc >> UInt32(shift))
                }
            }
            if iteration % 5 == 0 {
                png = Array(png.prefix(Int.random(in: 0...png.count, using: &random)))
            }
            if (try? PDFImage(png: png)) != nil { decodedCount += 1 }

            var jpeg = jpegs[iteration % jpegs.count]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                jpeg[Int.random(in: 2..<min(jpeg.count, 200), using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            jpeg = Array(jpeg.prefix(Int.random(in: 0...jpeg.count, using: &random)))
            _ = try? PDFImage(jpeg: jpeg)

            let noise = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = try? PDFImage(png: PNGFile.signature + noise)
            _ = try? PDFImage(jpeg: [0xFF, 0xD8] + noise)
        }
        #expect(decodedCount > 0)
        #expect(clock.now - start < .seconds(120))
    }
}
